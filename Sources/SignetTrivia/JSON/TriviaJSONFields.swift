#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SignetJSON

/// Reads the fields of one JSON object, turning each fault into a ``TriviaMessageError`` that names
/// the field by its JSON path (`$.choice`, `$.standings[2].rank`).
struct TriviaJSONFields {
    private let members: JSONValue
    private let path: JSONPath

    /// Parses a message with Signet's JSON reader within `limits` (size, depth, and strings no longer than
    /// the message); a syntax fault names its byte offset, a limit names itself.
    static func parse(_ bytes: [UInt8], limits: TriviaMessageLimits) throws(TriviaMessageError) -> JSONValue {
        do {
            let jsonLimits = JSONLimits(maxBytes: limits.maxBytes, maxDepth: limits.maxDepth, maxStringBytes: limits.maxBytes)
            return try JSONReader.read(bytes, limits: jsonLimits).value
        } catch {
            switch error.kind {
            case .tooLarge(let limit): throw .tooLarge(byteCount: bytes.count, limit: limit)
            case .tooDeep(let limit): throw .tooDeep(byteOffset: error.byteOffset, limit: limit)
            case .invalid, .stringTooLong, .duplicateKey, .mismatch, .tooMany:
                throw .invalidJSON(byteOffset: error.byteOffset, reason: "\(error.message) at \(error.path)")
            }
        }
    }

    /// The fields of `value`, which must be an object; `path` is where it sits (`$` for the message itself).
    init(_ value: JSONValue, path: JSONPath) throws(TriviaMessageError) {
        guard case .object = value else {
            throw .wrongType(path: path.description, expected: "object", found: value.kindName)
        }
        self.members = value
        self.path = path
    }

    /// The path of the member `key`, as errors print it.
    func path(of key: String) -> String { path.appending(key: key).description }

    private func required(_ key: String) throws(TriviaMessageError) -> JSONValue {
        guard let value = members[key] else { throw .missingField(path: path(of: key)) }
        return value
    }

    /// The member `key`, nil when it is absent or null.
    private func optional(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    func string(_ key: String) throws(TriviaMessageError) -> String {
        try Self.string(try required(key), path: path(of: key))
    }

    func optionalString(_ key: String) throws(TriviaMessageError) -> String? {
        guard let value = optional(key) else { return nil }
        return try Self.string(value, path: path(of: key))
    }

    /// A non-empty string (identifiers, user names).
    func identifier(_ key: String) throws(TriviaMessageError) -> String {
        let value = try string(key)
        guard !value.isEmpty else { throw .invalidValue(path: path(of: key), expected: "a non-empty string") }
        return value
    }

    func integer(_ key: String, minimum: Int = 0) throws(TriviaMessageError) -> Int {
        try Self.integer(try required(key), path: path(of: key), minimum: minimum)
    }

    func optionalInteger(_ key: String, minimum: Int = 0) throws(TriviaMessageError) -> Int? {
        guard let value = optional(key) else { return nil }
        return try Self.integer(value, path: path(of: key), minimum: minimum)
    }

    func bool(_ key: String) throws(TriviaMessageError) -> Bool {
        let value = try required(key)
        guard case .bool(let flag) = value else {
            throw .wrongType(path: path(of: key), expected: "boolean", found: value.kindName)
        }
        return flag
    }

    func array(_ key: String) throws(TriviaMessageError) -> [(path: JSONPath, value: JSONValue)] {
        let value = try required(key)
        guard case .array(let elements) = value else {
            throw .wrongType(path: path(of: key), expected: "array", found: value.kindName)
        }
        let arrayPath = path.appending(key: key)
        return elements.enumerated().map { (arrayPath.appending(index: $0.offset), $0.element) }
    }

    func stringArray(_ key: String) throws(TriviaMessageError) -> [String] {
        var strings: [String] = []
        for element in try array(key) { strings.append(try Self.string(element.value, path: element.path.description)) }
        return strings
    }

    func role(_ key: String) throws(TriviaMessageError) -> TriviaRole {
        guard let role = TriviaRole(rawValue: try string(key)) else {
            throw .invalidValue(path: path(of: key), expected: "one of \"player\", \"viewer\"")
        }
        return role
    }

    func timestamp(_ key: String) throws(TriviaMessageError) -> Date {
        guard let date = TriviaTimestamp.date(from: try string(key)) else {
            throw .invalidValue(path: path(of: key), expected: "an ISO-8601 UTC time such as 2027-01-15T08:00:10.000Z")
        }
        return date
    }

    static func string(_ value: JSONValue, path: String) throws(TriviaMessageError) -> String {
        guard case .string(let string) = value else {
            throw .wrongType(path: path, expected: "string", found: value.kindName)
        }
        return string
    }

    static func integer(_ value: JSONValue, path: String, minimum: Int) throws(TriviaMessageError) -> Int {
        guard case .integer(let integer) = value else {
            throw .wrongType(path: path, expected: "integer", found: value.kindName)
        }
        guard integer >= minimum else { throw .invalidValue(path: path, expected: "an integer ≥ \(minimum)") }
        return integer
    }
}

extension JSONValue {
    /// What this value is, in the words a trivia error message uses ("integer", "string", …).
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
