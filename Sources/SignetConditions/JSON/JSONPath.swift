/// Where a value sits inside a JSON document, printed the way errors show it:
/// `condition.args[1].args[0]`.
///
/// Keys that are plain identifiers print after a dot; other keys print as `["key"]`
/// with JSON escapes; array positions print as `[n]` (0-based). The empty path, the
/// document itself, prints as `$`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step into a JSON container.
    public enum Component: Sendable, Hashable {
        /// A member of an object.
        case key(String)
        /// An element of an array, 0-based.
        case index(Int)
    }

    /// The steps from the document root, outermost first.
    public private(set) var components: [Component]

    /// A path made of the given steps.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The document root.
    public static let root = JSONPath()

    /// The root of a bare condition: errors in a condition parsed on its own read
    /// `condition.args[0]`, the same as inside a condition document.
    public static let condition = JSONPath([.key("condition")])

    /// This path extended by an object member.
    public func appending(key: String) -> JSONPath {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    /// This path extended by an array element.
    public func appending(index: Int) -> JSONPath {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }

    /// Whether `prefix` is this path or one of its ancestors.
    public func hasPrefix(_ prefix: JSONPath) -> Bool {
        components.starts(with: prefix.components)
    }

    /// The path as errors print it, e.g. `condition.args[1].args[0]`.
    public var description: String {
        if components.isEmpty { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key) where Self.isIdentifier(key):
                if !text.isEmpty { text += "." }
                text += key
            case .key(let key):
                text += "[" + QuotedString.quote(key) + "]"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// ASCII letters, digits, `_` and `$`, not starting with a digit.
    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
                true
            default:
                false
            }
        }
    }
}
