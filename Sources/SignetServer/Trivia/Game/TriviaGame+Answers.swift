import Foundation
import Signet
import SignetTrivia

/// The `answer` and `use-joker` rules.
extension TriviaGame {
    /// Records `choice` for `questionId` from the participant at `index`, or refuses it with an `error`.
    /// Checks, in order: a question is open or under review, the question was asked, the user has
    /// not answered it, it is still open (else late), the user is a player, the choice exists.
    mutating func answer(_ choice: Int, to questionId: String, by index: Int, now: Date) -> [TriviaDelivery] {
        let user = participants[index].user
        func refuse(_ code: TriviaErrorCode, _ message: String) -> [TriviaDelivery] {
            [TriviaDelivery(to: user, .error(TriviaServerError(code: code, message: message)))]
        }
        let openIndex: Int?
        switch phase {
        case .waiting: return refuse(.unexpectedMessage, "answer: the game has not started")
        case .finished: return refuse(.unexpectedMessage, "answer: the game is over")
        case .asking(let current, _): openIndex = current
        case .reviewing: openIndex = nil
        }
        guard let asked = askedQuestionIndex(questionId) else {
            return refuse(.unknownQuestion, "questionId: \"\(questionId)\" has not been asked in this game")
        }
        if let previous = participants[index].answers[asked] {
            return refuse(.alreadyAnswered, "answer: already answered \"\(questionId)\" with choice \(previous)")
        }
        guard asked == openIndex else {
            return refuse(.lateAnswer, "answer: \"\(questionId)\" closed at its deadline")
        }
        guard participants[index].role == .player else {
            return refuse(.viewerCannotAnswer, "answer: \(user) is a viewer")
        }
        let choices = questions[asked].choices
        guard choices.indices.contains(choice) else {
            return refuse(.invalidChoice, "choice: \(choice) is not in 0…\(choices.count - 1)")
        }
        participants[index].answers[asked] = choice
        return [TriviaDelivery(to: user, .answerReceived(TriviaAnswerReceipt(questionId: questionId, choice: choice)))]
            + closeIfEveryoneAnswered(now: now)
    }

    /// Spends a joker for the participant at `index` on `questionId`, or says why not.
    /// Checks, in order: the question was asked, no joker used in this game, one owned, one offered.
    mutating func useJoker(for questionId: String, by index: Int) -> TriviaJokerResult {
        let user = participants[index].user
        func refuse(_ reason: TriviaErrorCode) -> TriviaJokerResult {
            TriviaJokerResult(questionId: questionId, accepted: false, reason: reason,
                              role: participants[index].role, jokers: jokers[user, default: 0])
        }
        guard let asked = askedQuestionIndex(questionId) else { return refuse(.unknownQuestion) }
        guard !participants[index].jokerUsed else { return refuse(.jokerAlreadyUsed) }
        let owned = jokers[user, default: 0]
        guard owned > 0 else { return refuse(.noJoker) }
        guard case .reviewing(asked, _) = phase, jokerOffers.contains(user) else { return refuse(.jokerNotOffered) }
        jokers[user] = owned - 1
        jokerOffers.remove(user)
        participants[index].jokerUsed = true
        participants[index].role = .player
        return TriviaJokerResult(questionId: questionId, accepted: true, reason: nil, role: .player, jokers: owned - 1)
    }

    /// The index of `questionId` among the questions sent so far.
    func askedQuestionIndex(_ questionId: String) -> Int? {
        let sent: Int = switch phase {
        case .waiting: 0
        case .asking(let index, _), .reviewing(let index, _): index + 1
        case .finished: questions.count
        }
        return questions.prefix(sent).firstIndex { $0.id == questionId }
    }
}
