/// Where a value sits in a JSON document (or any tree of keys and indices, such as a property list),
/// spelled one way everywhere in Signet: `$.point_types[1].amount`, `$.condition.args[0]`.
///
/// `$` is the document; a key that is a plain identifier follows a dot; any other key is written
/// `["key"]` with JSON escapes; an array position is `[n]`, 0-based.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step into a container.
    package enum Component: Sendable, Hashable {
        /// A member of an object.
        case key(String)
        /// An element of an array, 0-based.
        case index(Int)
    }

    /// The steps from the document, outermost first.
    package private(set) var components: [Component]

    /// A path of the given steps.
    package init(_ components: [Component] = []) {
        self.components = components
    }

    /// The document itself, `$`.
    package static let root = JSONPath()

    /// The path of a `Codable` coding path (an integer key is an array position).
    package init(codingPath: [any CodingKey]) {
        self.init(codingPath.map { key in
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
                return .index(index)
            }
            return .key(key.stringValue)
        })
    }

    /// This path extended by an object member.
    package func appending(key: String) -> JSONPath {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    /// This path extended by an array element.
    package func appending(index: Int) -> JSONPath {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }

    /// Whether `prefix` is this path or one of its ancestors.
    package func hasPrefix(_ prefix: JSONPath) -> Bool {
        components.starts(with: prefix.components)
    }

    /// The path as people read it, e.g. `$.condition.args[1]`.
    package var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .key(let key) where Self.isIdentifier(key): text += "." + key
            case .key(let key): text += "[" + JSONWriter.quoted(key) + "]"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// ASCII letters, digits and `_`, not starting with a digit (RFC 9535's member-name shorthand, ASCII only).
    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                true
            default:
                false
            }
        }
    }
}
