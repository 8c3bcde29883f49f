import SignetJSON

/// Server → the user who sent `use-joker`: whether the joker was accepted, and the role that follows.
public struct TriviaJokerResult: Sendable, Equatable, TriviaMessagePayload {
    /// The question the joker was for.
    public var questionId: String
    /// Whether the joker was used (and the user stays a player).
    public var accepted: Bool
    /// Why it was refused (`no-joker`, `joker-already-used`, `joker-not-offered`, `unknown-question`); nil when accepted.
    public var reason: TriviaErrorCode?
    /// The user's role after this answer.
    public var role: TriviaRole
    /// Jokers the user owns after this answer.
    public var jokers: Int

    /// A joker result with the given fields.
    public init(questionId: String, accepted: Bool, reason: TriviaErrorCode?, role: TriviaRole, jokers: Int) {
        self.questionId = questionId
        self.accepted = accepted
        self.reason = reason
        self.role = role
        self.jokers = jokers
    }

    init(fields: TriviaJSONFields) throws(TriviaMessageError) {
        let accepted = try fields.bool("accepted")
        let reason = try fields.optionalString("reason").map(TriviaErrorCode.init(rawValue:))
        guard accepted || reason != nil else { throw .missingField(path: fields.path(of: "reason")) }
        self.init(questionId: try fields.identifier("questionId"), accepted: accepted, reason: reason,
                  role: try fields.role("role"), jokers: try fields.integer("jokers"))
    }

    var jsonMembers: [(key: String, value: JSONValue)] {
        [("questionId", .string(questionId)), ("accepted", .bool(accepted)),
         ("reason", reason.map { .string($0.rawValue) } ?? .null), ("role", .string(role.rawValue)),
         ("jokers", .integer(jokers))]
    }
}
