import SignetJSON

/// Server → one user, right after the WebSocket opens: who the server thinks the user is.
public struct TriviaWelcome: Sendable, Equatable, TriviaMessagePayload {
    /// The user name from the `user` query parameter.
    public var user: String
    /// `player` when joining before the start; `viewer` when joining a game already under way.
    public var role: TriviaRole
    /// Jokers the user owns (the same count `GET /trivia/jokers` answers).
    public var jokers: Int
    /// How many questions the game will ask.
    public var questionCount: Int
    /// Whether the first question has already been sent.
    public var started: Bool

    /// A welcome with the given fields.
    public init(user: String, role: TriviaRole, jokers: Int, questionCount: Int, started: Bool) {
        self.user = user
        self.role = role
        self.jokers = jokers
        self.questionCount = questionCount
        self.started = started
    }

    init(fields: TriviaJSONFields) throws(TriviaMessageError) {
        self.init(user: try fields.identifier("user"), role: try fields.role("role"),
                  jokers: try fields.integer("jokers"), questionCount: try fields.integer("questionCount"),
                  started: try fields.bool("started"))
    }

    var jsonMembers: [(key: String, value: JSONValue)] {
        [("user", .string(user)), ("role", .string(role.rawValue)), ("jokers", .integer(jokers)),
         ("questionCount", .integer(questionCount)), ("started", .bool(started))]
    }
}
