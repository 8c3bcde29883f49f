#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the user may do: answer, use or decline the joker.
extension TriviaClientMachine {
    /// Checks, in order: the game is on and connected, the user is a player, a question is open,
    /// its deadline has not passed, the choice exists.
    mutating func answer(_ choice: Int, at time: Date) -> TriviaClientOutcome {
        switch state {
        case .finished: return .refused(.gameFinished)
        case .disconnected: return .refused(.disconnected)
        default: break
        }
        guard role == .player else { return .refused(.viewerCannotAnswer) }
        switch state {
        case .question(let open):
            guard time <= open.localDeadline else {
                state = .questionClosed(open)
                return .refused(.deadlinePassed)
            }
            let count = open.prompt.choices.count
            guard (0..<count).contains(choice) else { return .refused(.invalidChoice(choice, choiceCount: count)) }
            state = .answerSent(open, choice: choice)
            return TriviaClientOutcome(send: [.answer(questionId: open.prompt.questionId, choice: choice)])
        case .answerSent, .answerReceived, .answerRefused:
            return .refused(.alreadyAnswered)
        case .questionClosed:
            return .refused(.deadlinePassed)
        case .connecting, .waiting, .result, .jokerOffer, .jokerRequested, .finished, .disconnected:
            return .refused(.noOpenQuestion)
        }
    }

    /// Sends `use-joker` when a joker is on offer.
    mutating func useJoker() -> TriviaClientOutcome {
        switch state {
        case .jokerOffer(let result):
            state = .jokerRequested(result)
            return TriviaClientOutcome(send: [.useJoker(questionId: result.questionId)])
        case .jokerRequested: return .refused(.jokerAlreadyRequested)
        case .finished: return .refused(.gameFinished)
        case .disconnected: return .refused(.disconnected)
        default: return .refused(.noJokerOffered)
        }
    }

    /// Declines the offer: the user watches as a viewer. Nothing is sent; the server's offer lapses
    /// when the next question goes out.
    mutating func declineJoker() -> TriviaClientOutcome {
        guard case .jokerOffer(var result) = state else {
            if case .disconnected = state { return .refused(.disconnected) }
            if case .finished = state { return .refused(.gameFinished) }
            return .refused(.noJokerOffered)
        }
        result.jokerOffered = false
        result.role = .viewer
        role = .viewer
        state = .result(result)
        return .nothing
    }
}
