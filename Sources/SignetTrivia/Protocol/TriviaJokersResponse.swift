import SignetJSON

/// The body of `GET /trivia/jokers?user=…`: how many jokers a user owns.
public struct TriviaJokersResponse: Sendable, Equatable, TriviaMessagePayload {
    /// The user asked about.
    public var user: String
    /// Jokers the user owns (0 for a user the server does not know).
    public var jokers: Int

    /// A response with the given fields.
    public init(user: String, jokers: Int) {
        self.user = user
        self.jokers = jokers
    }

    init(fields: TriviaJSONFields) throws(TriviaMessageError) {
        self.init(user: try fields.identifier("user"), jokers: try fields.integer("jokers"))
    }

    var jsonMembers: [(key: String, value: JSONValue)] {
        [("user", .string(user)), ("jokers", .integer(jokers))]
    }

    /// The body as compact JSON text: `{"user":"ann","jokers":1}`.
    public var jsonText: String { JSONWriter.text(of: .object(JSONObject(jsonMembers))) }

    /// Decodes a response body; unknown extra fields are ignored.
    public static func decode(
        bytes: [UInt8], limits: TriviaMessageLimits = .clientMessages
    ) throws(TriviaMessageError) -> TriviaJokersResponse {
        guard bytes.count <= limits.maxBytes else { throw .tooLarge(byteCount: bytes.count, limit: limits.maxBytes) }
        let value = try TriviaJSONFields.parse(bytes, limits: limits)
        return try TriviaJokersResponse(fields: try TriviaJSONFields(value, path: .root))
    }
}
