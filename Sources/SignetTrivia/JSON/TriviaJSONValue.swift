/// A parsed JSON value, as the trivia codecs read and write it.
///
/// Objects keep their members in order so that encoded messages are byte-for-byte stable
/// (`type` first, then the fields in the order the protocol document lists them).
enum TriviaJSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([TriviaJSONValue])
    /// An object, members in document order.
    case object([(key: String, value: TriviaJSONValue)])

    /// The member named `key` when this is an object (the first one when a key repeats).
    subscript(key: String) -> TriviaJSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What this value is, in the words an error message uses ("integer", "string", …).
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

    /// Structural equality; objects compare members in order.
    static func == (lhs: TriviaJSONValue, rhs: TriviaJSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}
