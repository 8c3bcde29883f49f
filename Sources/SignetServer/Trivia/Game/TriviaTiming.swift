import Foundation
import Signet
import SignetTrivia

/// How long a question stays open and how long its results stay up before the next question.
public struct TriviaTiming: Sendable, Equatable {
    /// From sending a question to its deadline.
    public var questionDuration: Duration
    /// From sending results to the next question (or `finish`): the window for `use-joker`.
    public var reviewDuration: Duration

    /// Timing with the given durations; both must be positive (``TriviaGame`` checks).
    public init(questionDuration: Duration, reviewDuration: Duration) {
        self.questionDuration = questionDuration
        self.reviewDuration = reviewDuration
    }

    /// The reference server's timing: 15 s per question, 5 s of results.
    public static let standard = TriviaTiming(questionDuration: .seconds(15), reviewDuration: .seconds(5))
}
