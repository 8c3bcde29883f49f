import Foundation
import Signet
import SignetTrivia

/// Where a game is: before the start, a question open, its results up, or over.
public enum TriviaGamePhase: Sendable, Equatable {
    /// Users join as players; nothing has been asked.
    case waiting
    /// Question `questionIndex` is open; answers are accepted up to and including `deadline`.
    case asking(questionIndex: Int, deadline: Date)
    /// Question `questionIndex` is closed and its results sent; joker offers are open until `until`.
    case reviewing(questionIndex: Int, until: Date)
    /// `finish` has been sent.
    case finished
}
