import Foundation

/// Reads the fields of one JSON object, turning each fault into a ``TriviaMessageError`` that names
/// the field by its JSON path (`choice`, `standings[2].rank`).
struct TriviaJSONFields {
    private let members: TriviaJSONValue
    private let path: String

    /// The fields of `value`, which must be an object; `path` is where it sits (empty for the message itself).
    init(_ value: TriviaJSONValue, path: String) throws(TriviaMessageError) {
        guard case .object = value else {
            throw .wrongType(path: path.isEmpty ? "message" : path, expected: "object", found: value.kindName)
        }
        self.members = value
        self.path = path
    }

    /// The path of the member `key`.
    func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private func required(_ key: String) throws(TriviaMessageError) -> TriviaJSONValue {
        guard let value = members[key] else { throw .missingField(path: path(of: key)) }
        return value
    }

    /// The member `key`, nil when it is absent or null.
    private func optional(_ key: String) -> TriviaJSONValue? {
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

    func array(_ key: String) throws(TriviaMessageError) -> [(path: String, value: TriviaJSONValue)] {
        let value = try required(key)
        guard case .array(let elements) = value else {
            throw .wrongType(path: path(of: key), expected: "array", found: value.kindName)
        }
        return elements.enumerated().map { ("\(path(of: key))[\($0.offset)]", $0.element) }
    }

    func stringArray(_ key: String) throws(TriviaMessageError) -> [String] {
        var strings: [String] = []
        for element in try array(key) { strings.append(try Self.string(element.value, path: element.path)) }
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

    static func string(_ value: TriviaJSONValue, path: String) throws(TriviaMessageError) -> String {
        guard case .string(let string) = value else {
            throw .wrongType(path: path, expected: "string", found: value.kindName)
        }
        return string
    }

    static func integer(_ value: TriviaJSONValue, path: String, minimum: Int) throws(TriviaMessageError) -> Int {
        guard case .integer(let integer) = value else {
            throw .wrongType(path: path, expected: "integer", found: value.kindName)
        }
        guard integer >= minimum else { throw .invalidValue(path: path, expected: "an integer ≥ \(minimum)") }
        return integer
    }
}
