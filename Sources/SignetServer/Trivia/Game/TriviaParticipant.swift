import Signet
import SignetTrivia

/// One user's standing in a game, as the server keeps it.
public struct TriviaParticipant: Sendable, Equatable {
    /// The user name.
    public let user: String
    /// Player or viewer.
    public var role: TriviaRole
    /// Correct answers so far.
    public var score: Int
    /// Whether the user has spent their one joker of this game.
    public var jokerUsed: Bool
    /// Whether the user is connected (a user who left still counts in the standings).
    public var connected: Bool
    /// The choice the user gave, by question index.
    public var answers: [Int: Int]

    /// A participant who has just joined.
    init(user: String, role: TriviaRole) {
        self.user = user
        self.role = role
        self.score = 0
        self.jokerUsed = false
        self.connected = true
        self.answers = [:]
    }
}
