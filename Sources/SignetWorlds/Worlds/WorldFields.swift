#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A field that could not be read: where, and what was wrong.
struct FieldFailure: Error {
    let keyPath: String
    let problem: WorldsDecodingProblem
}

/// Reads typed fields from one dictionary of a worlds response, naming the full key path of any fault.
struct WorldFields {
    let dictionary: PropertyListDictionary
    let keyPath: String

    /// The fields of `value` at `keyPath`, which must be a dictionary.
    init(_ value: PropertyListValue, keyPath: String) throws(FieldFailure) {
        guard case .dictionary(let dictionary) = value else {
            throw FieldFailure(keyPath: keyPath, problem: .wrongType(expected: "dictionary", found: value.kindName))
        }
        self.dictionary = dictionary
        self.keyPath = keyPath
    }

    /// The required value of `key`.
    func value(_ key: String) throws(FieldFailure) -> PropertyListValue {
        guard let value = dictionary[key] else { throw FieldFailure(keyPath: path(key), problem: .missingKey) }
        return value
    }

    /// The required string of `key`.
    func string(_ key: String) throws(FieldFailure) -> String {
        let value = try value(key)
        guard case .string(let string) = value else {
            throw FieldFailure(keyPath: path(key), problem: .wrongType(expected: "string", found: value.kindName))
        }
        return string
    }

    /// The required identifier of `key`: a non-empty string, or an integer written in decimal.
    func identifier(_ key: String) throws(FieldFailure) -> String {
        switch try value(key) {
        case .string(let string):
            guard !string.isEmpty else { throw FieldFailure(keyPath: path(key), problem: .empty) }
            return string
        case .number(.integer(let integer)):
            return String(integer)
        case let other:
            throw FieldFailure(keyPath: path(key), problem: .wrongType(expected: "string or integer", found: other.kindName))
        }
    }

    /// The longest URL parsed, in bytes (RFC 9110, 4.1, asks for at least 8,000): a server's shared string may
    /// be megabytes long, and each world that names it would parse it again.
    static let maximumURLBytes = 8_192
    /// The most of a bad URL a failure quotes.
    static let quotedURLCharacters = 200

    /// The required absolute URL (with scheme and host) of `key`; one longer than ``maximumURLBytes`` is invalid
    /// unparsed, and a failure quotes at most ``quotedURLCharacters`` of it.
    func url(_ key: String) throws(FieldFailure) -> URL {
        let text = try string(key)
        guard text.utf8.count <= Self.maximumURLBytes, let url = URL(string: text), url.scheme != nil,
              let host = url.host, !host.isEmpty else {
            let head = text.prefix(Self.quotedURLCharacters)  // walks no further than that
            let quoted = head.endIndex == text.endIndex ? text : "\(head)… (\(text.utf8.count) bytes)"
            throw FieldFailure(keyPath: path(key), problem: .invalidURL(quoted))
        }
        return url
    }

    /// The required array of `key`.
    func array(_ key: String) throws(FieldFailure) -> [PropertyListValue] {
        let value = try value(key)
        guard case .array(let elements) = value else {
            throw FieldFailure(keyPath: path(key), problem: .wrongType(expected: "array", found: value.kindName))
        }
        return elements
    }

    /// The required dictionary of `key`, as fields.
    func nested(_ key: String) throws(FieldFailure) -> WorldFields {
        try WorldFields(try value(key), keyPath: path(key))
    }

    /// The optional scalar of `key` as text: strings as they are, integers and reals in decimal.
    func optionalText(_ key: String) throws(FieldFailure) -> String? {
        switch dictionary[key] {
        case nil: return nil
        case .string(let string): return string
        case .number(.integer(let integer)): return String(integer)
        case .number(.real(let real)): return String(real)
        case let other?:
            throw FieldFailure(keyPath: path(key), problem: .wrongType(expected: "string", found: other.kindName))
        }
    }

    private func path(_ key: String) -> String {
        PropertyListPath.appending(key, to: keyPath)
    }
}
