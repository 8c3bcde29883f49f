import SignetJSON

/// One line of the final standings in a `finish` message.
public struct TriviaStanding: Sendable, Equatable, TriviaMessagePayload {
    /// The user.
    public var user: String
    /// Correct answers.
    public var score: Int
    /// The role the user ended the game with.
    public var role: TriviaRole
    /// 1 for the highest score; equal scores share a rank and the next rank skips (1, 1, 3).
    public var rank: Int
    /// Whether the user had disconnected before the end (their score still counts).
    public var left: Bool

    /// A standing with the given fields.
    public init(user: String, score: Int, role: TriviaRole, rank: Int, left: Bool) {
        self.user = user
        self.score = score
        self.role = role
        self.rank = rank
        self.left = left
    }

    init(fields: TriviaJSONFields) throws(TriviaMessageError) {
        self.init(user: try fields.identifier("user"), score: try fields.integer("score"),
                  role: try fields.role("role"), rank: try fields.integer("rank", minimum: 1),
                  left: try fields.bool("left"))
    }

    var jsonMembers: [(key: String, value: JSONValue)] {
        [("user", .string(user)), ("score", .integer(score)), ("role", .string(role.rawValue)),
         ("rank", .integer(rank)), ("left", .bool(left))]
    }
}
