#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the client screen shows, and so what the user may do.
public enum TriviaClientState: Sendable, Equatable {
    /// The socket is open; no `welcome` or question yet.
    case connecting
    /// Welcomed; waiting for the first question.
    case waiting
    /// A question is shown and open; a player may answer.
    case question(TriviaOpenQuestion)
    /// The answer is sent; waiting for `answer-received`. Nothing may be touched.
    case answerSent(TriviaOpenQuestion, choice: Int)
    /// The server confirmed the answer; waiting for the result. Nothing may be touched.
    case answerReceived(TriviaOpenQuestion, choice: Int)
    /// The server refused the answer (late, viewer, …); waiting for the result. Nothing may be touched.
    case answerRefused(TriviaOpenQuestion, TriviaServerError)
    /// The deadline passed on this side without an answer; waiting for the result.
    case questionClosed(TriviaOpenQuestion)
    /// The result is shown; nothing to decide.
    case result(TriviaResult)
    /// The answer was wrong and a joker may be used: the user chooses.
    case jokerOffer(TriviaResult)
    /// `use-joker` is sent; waiting for `joker-result`.
    case jokerRequested(TriviaResult)
    /// The game is over: the final screen.
    case finished(standings: [TriviaStanding])
    /// The connection is gone; the machine takes no further input.
    case disconnected
}

/// A question as the client holds it: the prompt and the deadline by this side's clock.
public struct TriviaOpenQuestion: Sendable, Equatable {
    /// The `question` message.
    public var prompt: TriviaQuestionPrompt
    /// When the question closes by the client's clock: receipt time plus `remainingMs`, so the
    /// countdown does not depend on the two clocks agreeing.
    public var localDeadline: Date

    /// An open question received at `receivedAt`.
    public init(prompt: TriviaQuestionPrompt, receivedAt: Date) {
        self.prompt = prompt
        self.localDeadline = receivedAt.addingTimeInterval(TimeInterval(prompt.remainingMilliseconds) / 1_000)
    }
}
