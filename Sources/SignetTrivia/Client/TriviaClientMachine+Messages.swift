#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How server messages move the client. The server is the authority: a `question` or `finish`
/// is taken in any live state (a lost `result` must not wedge the client), while `answer-received`,
/// `result` and `joker-result` must match what the client is waiting for, or they are ignored
/// with an ``TriviaClientRefusal/unexpectedMessage(type:)`` refusal.
extension TriviaClientMachine {
    mutating func received(_ message: TriviaServerMessage, at time: Date) -> TriviaClientOutcome {
        let unexpected = TriviaClientOutcome.refused(.unexpectedMessage(type: message.typeName))
        if case .disconnected = state { return .refused(.disconnected) }
        if case .finished = state { return unexpected }
        switch message {
        case .welcome(let welcome):
            guard case .connecting = state else { return unexpected }
            user = welcome.user
            role = welcome.role
            jokers = welcome.jokers
            state = .waiting
        case .question(let prompt):
            role = prompt.role
            state = .question(TriviaOpenQuestion(prompt: prompt, receivedAt: time))
        case .answerReceived(let receipt):
            guard case .answerSent(let open, let choice) = state, open.prompt.questionId == receipt.questionId
            else { return unexpected }
            state = .answerReceived(open, choice: choice)
        case .result(let result):
            guard let open = openQuestion, open.prompt.questionId == result.questionId else { return unexpected }
            applyResult(result)
        case .jokerResult(let jokerResult):
            guard case .jokerRequested(var result) = state, result.questionId == jokerResult.questionId
            else { return unexpected }
            role = jokerResult.role
            jokers = jokerResult.jokers
            if jokerResult.accepted { jokerUsedThisGame = true }
            result.role = jokerResult.role
            result.jokerOffered = false
            state = .result(result)
        case .finish(let standings):
            state = .finished(standings: standings)
        case .error(let error):
            lastError = error
            if case .answerSent(let open, _) = state {
                if error.code == .viewerCannotAnswer { role = .viewer }
                state = .answerRefused(open, error)
            }
        }
        return .nothing
    }

    /// The question a result may close: the one shown, answered or timed out.
    private var openQuestion: TriviaOpenQuestion? {
        switch state {
        case .question(let open), .answerSent(let open, _), .answerReceived(let open, _),
             .answerRefused(let open, _), .questionClosed(let open):
            open
        default:
            nil
        }
    }

    /// Shows the result and offers the joker when the answer was wrong, the user owns a joker, has
    /// used none in this game, and the server offers it too.
    private mutating func applyResult(_ result: TriviaResult) {
        role = result.role
        score = result.score
        let offer = !result.correct && result.jokerOffered && jokers > 0 && !jokerUsedThisGame
        var shown = result
        shown.jokerOffered = offer
        state = offer ? .jokerOffer(shown) : .result(shown)
    }
}
