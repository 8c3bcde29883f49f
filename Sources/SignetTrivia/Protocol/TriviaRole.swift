/// What a user may do in a game: a player answers, a viewer only watches.
public enum TriviaRole: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Answers questions and scores.
    case player
    /// Watches: sees questions and results, but every answer is refused.
    case viewer
}
