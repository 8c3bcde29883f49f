/// Why a trivia message could not be decoded, and where.
///
/// `description` is the text the server sends back in an `error` message, e.g. `$.choice: expected integer`.
public enum TriviaMessageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message is longer than the limit allows.
    case tooLarge(byteCount: Int, limit: Int)
    /// Arrays and objects nest deeper than the limit allows; `byteOffset` is where the limit was crossed.
    case tooDeep(byteOffset: Int, limit: Int)
    /// The text is not JSON; `byteOffset` is where parsing stopped.
    case invalidJSON(byteOffset: Int, reason: String)
    /// A required field is absent (`path` such as `$.questionId` or `$.standings[1].rank`).
    case missingField(path: String)
    /// A field holds the wrong JSON type.
    case wrongType(path: String, expected: String, found: String)
    /// A field has the right type but a value the protocol does not allow.
    case invalidValue(path: String, expected: String)
    /// The `type` field names no message of this direction.
    case unknownType(String, known: [String])

    /// The JSON path of the faulty field, when the fault is in one field.
    public var path: String? {
        switch self {
        case .missingField(let path), .wrongType(let path, _, _), .invalidValue(let path, _): path
        case .unknownType: "$.type"
        case .tooLarge, .tooDeep, .invalidJSON: nil
        }
    }

    /// The byte offset of the fault in the message text, when the fault is in the JSON syntax.
    public var byteOffset: Int? {
        switch self {
        case .tooDeep(let offset, _), .invalidJSON(let offset, _): offset
        default: nil
        }
    }

    /// The protocol error code a server answers this fault with: `unknown-type` or `malformed`.
    public var code: TriviaErrorCode {
        if case .unknownType = self { return .unknownType }
        return .malformed
    }

    /// The fault in one line, naming the field or the byte offset.
    public var description: String {
        switch self {
        case .tooLarge(let count, let limit): "message: \(count) bytes, limit \(limit)"
        case .tooDeep(let offset, let limit): "byte \(offset): nesting deeper than \(limit)"
        case .invalidJSON(let offset, let reason): "byte \(offset): \(reason)"
        case .missingField(let path): "\(path): missing"
        case .wrongType(let path, let expected, let found): "\(path): expected \(expected), found \(found)"
        case .invalidValue(let path, let expected): "\(path): expected \(expected)"
        case .unknownType(let type, let known):
            "$.type: unknown message type \"\(type)\" (expected one of \(known.joined(separator: ", ")))"
        }
    }
}
