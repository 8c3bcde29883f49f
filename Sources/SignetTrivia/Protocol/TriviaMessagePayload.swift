import SignetJSON

/// A message body (or part of one) that reads itself from, and writes itself to, JSON object members.
protocol TriviaMessagePayload {
    /// Reads the payload from an object's fields.
    init(fields: TriviaJSONFields) throws(TriviaMessageError)
    /// The object members, in the order the protocol document lists them.
    var jsonMembers: [(key: String, value: JSONValue)] { get }
}

/// The steps every decoder shares: size limit, JSON parse with depth limit, the `type` field.
enum TriviaMessageDecoding {
    /// Parses `bytes` within `limits` and returns the message's fields and its `type`.
    static func fieldsAndType(
        _ bytes: [UInt8], limits: TriviaMessageLimits
    ) throws(TriviaMessageError) -> (fields: TriviaJSONFields, type: String) {
        guard bytes.count <= limits.maxBytes else {
            throw .tooLarge(byteCount: bytes.count, limit: limits.maxBytes)
        }
        let value = try TriviaJSONFields.parse(bytes, limits: limits)
        let fields = try TriviaJSONFields(value, path: .root)
        return (fields, try fields.string("type"))
    }

    /// The JSON text of a message of `type` with `members` after the type.
    static func text(type: String, _ members: [(key: String, value: JSONValue)]) -> String {
        JSONWriter.text(of: .object(JSONObject([("type", .string(type))] + members)))
    }
}

extension Optional where Wrapped == Int {
    /// The value as JSON, `null` when absent.
    var json: JSONValue { map { .integer($0) } ?? .null }
}
