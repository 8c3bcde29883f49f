import Foundation
import Signet
import SignetTrivia

/// How a game moves from question to results to the next question and to the end.
extension TriviaGame {
    /// Applies every change due by `now`, in order; each step happens at most once per question,
    /// so the loop ends.
    mutating func advance(now: Date) -> [TriviaDelivery] {
        var out: [TriviaDelivery] = []
        for _ in 0...(2 * questions.count + 1) {
            switch phase {
            case .asking(_, let deadline) where now > deadline:
                out += closeQuestion(now: now)
            case .reviewing(let index, let until) where now >= until:
                out += index + 1 < questions.count ? ask(index + 1, now: now) : finish()
            default:
                return out
            }
        }
        return out
    }

    /// Opens question `index` for everyone connected; joker offers of the previous question lapse.
    mutating func ask(_ index: Int, now: Date) -> [TriviaDelivery] {
        let deadline = now.addingTimeInterval(configuration.timing.questionDuration.timeInterval)
        phase = .asking(questionIndex: index, deadline: deadline)
        jokerOffers = []
        return participants.filter(\.connected).map { participant in
            TriviaDelivery(to: participant.user,
                           .question(prompt(index, deadline: deadline, role: participant.role, now: now)))
        }
    }

    /// The `question` message for question `index` as `role` sees it at `now`.
    func prompt(_ index: Int, deadline: Date, role: TriviaRole, now: Date) -> TriviaQuestionPrompt {
        let question = questions[index]
        let remaining = TriviaTimestamp.clampedMilliseconds(deadline) - TriviaTimestamp.clampedMilliseconds(now)
        return TriviaQuestionPrompt(questionId: question.id, index: index, count: questions.count, text: question.text,
                                    choices: question.choices, deadline: deadline,
                                    remainingMilliseconds: max(0, remaining), role: role)
    }

    /// Closes the open question early when every connected player has answered. With no connected
    /// player left it waits for the deadline, so viewers still watch at the normal pace.
    mutating func closeIfEveryoneAnswered(now: Date) -> [TriviaDelivery] {
        guard case .asking(let index, _) = phase else { return [] }
        let active = participants.filter { $0.connected && $0.role == .player }
        guard !active.isEmpty, active.allSatisfy({ $0.answers[index] != nil }) else { return [] }
        return closeQuestion(now: now)
    }

    /// Judges the open question: scores right answers, turns players who were wrong (or silent) into
    /// viewers, offers a joker to those who may use one, and sends each connected user their result.
    mutating func closeQuestion(now: Date) -> [TriviaDelivery] {
        guard case .asking(let index, _) = phase else { return [] }
        let question = questions[index]
        var out: [TriviaDelivery] = []
        for position in participants.indices {
            var participant = participants[position]
            let wasPlayer = participant.role == .player
            let choice = participant.answers[index]
            let correct = wasPlayer && choice == question.correctChoice
            var offered = false
            if correct {
                participant.score += 1
            } else if wasPlayer {
                participant.role = .viewer
                offered = participant.connected && !participant.jokerUsed && jokers[participant.user, default: 0] > 0
                if offered { jokerOffers.insert(participant.user) }
            }
            participants[position] = participant
            guard participant.connected else { continue }
            out.append(TriviaDelivery(to: participant.user, .result(TriviaResult(
                questionId: question.id, correct: correct, correctChoice: question.correctChoice, choice: choice,
                role: participant.role, score: participant.score, jokerOffered: offered))))
        }
        phase = .reviewing(questionIndex: index, until: now.addingTimeInterval(configuration.timing.reviewDuration.timeInterval))
        return out
    }

    /// Ends the game and sends the standings to everyone connected.
    mutating func finish() -> [TriviaDelivery] {
        phase = .finished
        jokerOffers = []
        let final = standings
        return participants.filter(\.connected).map { TriviaDelivery(to: $0.user, .finish(standings: final)) }
    }
}
