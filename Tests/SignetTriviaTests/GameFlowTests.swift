import Foundation
import Testing
@testable import SignetTrivia
@testable import SignetServer

@Suite("Server game: a full game")
struct GameFlowTests {
    typealias F = GameFixture

    /// ann is always right; bob is wrong once, uses his joker and plays on; cat is wrong without a
    /// joker, becomes a viewer and is refused when she answers again.
    @Test func threeUsersPlayAWholeGame() throws {
        var game = try F.game(jokers: ["bob": 1])

        // Joining: each gets a welcome.
        let welcomes = game.join("ann", now: F.at(0)) + game.join("bob", now: F.at(0)) + game.join("cat", now: F.at(0))
        #expect(welcomes.to("bob") == [.welcome(TriviaWelcome(user: "bob", role: .player, jokers: 1, questionCount: 3, started: false))])
        #expect(welcomes.to("cat") == [.welcome(TriviaWelcome(user: "cat", role: .player, jokers: 0, questionCount: 3, started: false))])

        // Question 1 goes to everyone, 10 s to answer.
        let first = game.start(now: F.at(0))
        #expect(first.map(\.recipient) == ["ann", "bob", "cat"])
        let q1 = try #require(first.prompt(for: "ann"))
        #expect(q1.index == 0 && q1.count == 3 && q1.role == .player)
        #expect(q1.deadline == F.at(10) && q1.remainingMilliseconds == 10_000)
        #expect(first.prompt(for: "cat")?.questionId == q1.questionId)

        // Answers are acknowledged one by one; the last one closes the question early.
        #expect(game.receive(.answer(questionId: q1.questionId, choice: F.right(q1)), from: "ann", now: F.at(1)) ==
                [TriviaDelivery(to: "ann", .answerReceived(TriviaAnswerReceipt(questionId: q1.questionId, choice: F.right(q1))))])
        #expect(game.receive(text: #"{"type":"answer","questionId":"\#(q1.questionId)","choice":\#(F.wrong(q1))}"#,
                             from: "bob", now: F.at(2)).to("bob") ==
                [.answerReceived(TriviaAnswerReceipt(questionId: q1.questionId, choice: F.wrong(q1)))])
        let closing = game.receive(.answer(questionId: q1.questionId, choice: F.wrong(q1)), from: "cat", now: F.at(3))
        #expect(closing.to("ann") == [.result(TriviaResult(questionId: q1.questionId, correct: true, correctChoice: F.right(q1),
                                                            choice: F.right(q1), role: .player, score: 1, jokerOffered: false))])
        #expect(closing.to("bob") == [.result(TriviaResult(questionId: q1.questionId, correct: false, correctChoice: F.right(q1),
                                                            choice: F.wrong(q1), role: .viewer, score: 0, jokerOffered: true))])
        #expect(closing.to("cat") == [
            .answerReceived(TriviaAnswerReceipt(questionId: q1.questionId, choice: F.wrong(q1))),
            .result(TriviaResult(questionId: q1.questionId, correct: false, correctChoice: F.right(q1),
                                 choice: F.wrong(q1), role: .viewer, score: 0, jokerOffered: false)),
        ])
        #expect(game.phase == .reviewing(questionIndex: 0, until: F.at(6)))

        // bob spends his joker and stays a player; the store loses one.
        #expect(game.receive(.useJoker(questionId: q1.questionId), from: "bob", now: F.at(4)) == [TriviaDelivery(to: "bob",
            .jokerResult(TriviaJokerResult(questionId: q1.questionId, accepted: true, reason: nil, role: .player, jokers: 0)))])
        #expect(game.jokers["bob"] == 0)
        // cat asks too, and is refused: she owns none.
        #expect(game.receive(.useJoker(questionId: q1.questionId), from: "cat", now: F.at(4)).to("cat") ==
                [.jokerResult(TriviaJokerResult(questionId: q1.questionId, accepted: false, reason: .noJoker, role: .viewer, jokers: 0))])

        // Nothing happens before the review ends; then question 2.
        #expect(game.tick(now: F.at(5.999)).isEmpty)
        let second = game.tick(now: F.at(6))
        let q2 = try #require(second.prompt(for: "ann"))
        #expect(q2.index == 1 && q2.deadline == F.at(16))
        #expect(second.prompt(for: "bob")?.role == .player)
        #expect(second.prompt(for: "cat")?.role == .viewer)

        // cat, a viewer, is refused; she does not hold the question open.
        #expect(game.receive(.answer(questionId: q2.questionId, choice: F.right(q2)), from: "cat", now: F.at(7)) ==
                [TriviaDelivery(to: "cat", .error(TriviaServerError(code: .viewerCannotAnswer, message: "answer: cat is a viewer")))])
        _ = game.receive(.answer(questionId: q2.questionId, choice: F.right(q2)), from: "ann", now: F.at(7))
        let secondResults = game.receive(.answer(questionId: q2.questionId, choice: F.right(q2)), from: "bob", now: F.at(8))
        #expect(secondResults.result(for: "bob")?.correct == true)
        #expect(secondResults.result(for: "bob")?.score == 1)
        #expect(secondResults.result(for: "cat") == TriviaResult(questionId: q2.questionId, correct: false,
                                                                 correctChoice: F.right(q2), choice: nil, role: .viewer,
                                                                 score: 0, jokerOffered: false))

        // Question 3, then finish after its review.
        let third = game.tick(now: F.at(11))
        let q3 = try #require(third.prompt(for: "bob"))
        _ = game.receive(.answer(questionId: q3.questionId, choice: F.right(q3)), from: "ann", now: F.at(12))
        _ = game.receive(.answer(questionId: q3.questionId, choice: F.right(q3)), from: "bob", now: F.at(12))
        #expect(game.nextDeadline == F.at(15))
        let end = game.tick(now: F.at(15))
        let standings = [
            TriviaStanding(user: "ann", score: 3, role: .player, rank: 1, left: false),
            TriviaStanding(user: "bob", score: 2, role: .player, rank: 2, left: false),
            TriviaStanding(user: "cat", score: 0, role: .viewer, rank: 3, left: false),
        ]
        #expect(end == ["ann", "bob", "cat"].map { TriviaDelivery(to: $0, .finish(standings: standings)) })
        #expect(game.phase == .finished)
        #expect(game.nextDeadline == nil)

        // After the end, answers are unexpected.
        #expect(game.receive(.answer(questionId: q3.questionId, choice: 0), from: "ann", now: F.at(16)).errorCodes(for: "ann") == [.unexpectedMessage])
    }

    @Test func questionsFollowTheSeededOrderAndEveryChoiceOrderIsAPermutation() throws {
        var game = try F.game(seed: 42)
        _ = game.join("ann", now: F.at(0))
        var prompts: [TriviaQuestionPrompt] = []
        var now = 0.0
        var out = game.start(now: F.at(now))
        while game.phase != .finished {
            if let prompt = out.prompt(for: "ann") { prompts.append(prompt) }
            now += 20
            out = game.tick(now: F.at(now))
        }
        #expect(prompts.map(\.questionId) == game.questions.map(\.id))
        #expect(Set(prompts.map(\.questionId)) == ["q1", "q2", "q3"])
        for prompt in prompts { #expect(Set(prompt.choices) == ["right", "wrong-a", "wrong-b"]) }
        // Silent players become viewers after the first question and are told so.
        #expect(prompts.map(\.role) == [.player, .viewer, .viewer])
    }

    @Test func tiesShareARank() {
        var ann = TriviaParticipant(user: "ann", role: .player)
        ann.score = 2
        var bob = TriviaParticipant(user: "bob", role: .player)
        bob.score = 2
        var cat = TriviaParticipant(user: "cat", role: .viewer)
        cat.connected = false
        let dan = TriviaParticipant(user: "dan", role: .viewer)
        #expect(TriviaStandings.rank([bob, cat, ann, dan]) == [
            TriviaStanding(user: "ann", score: 2, role: .player, rank: 1, left: false),
            TriviaStanding(user: "bob", score: 2, role: .player, rank: 1, left: false),
            TriviaStanding(user: "cat", score: 0, role: .viewer, rank: 3, left: true),
            TriviaStanding(user: "dan", score: 0, role: .viewer, rank: 3, left: false),
        ])
    }

    @Test func configurationIsChecked() {
        let bank = F.bank
        #expect(throws: TriviaGameConfigurationError.questionCountOutOfRange(4, bankSize: 3)) {
            try TriviaGame(configuration: TriviaGameConfiguration(seed: 1, questionCount: 4, bank: bank), jokers: [:])
        }
        #expect(throws: TriviaGameConfigurationError.nonPositiveDuration(field: "timing.reviewDuration")) {
            try TriviaGame(configuration: TriviaGameConfiguration(
                seed: 1, questionCount: 1, timing: TriviaTiming(questionDuration: .seconds(1), reviewDuration: .zero),
                bank: bank), jokers: [:])
        }
        #expect(throws: TriviaGameConfigurationError.unplayableQuestion(index: 1, id: "bad")) {
            try TriviaGame(configuration: TriviaGameConfiguration(seed: 1, questionCount: 1, bank: [
                bank[0], TriviaQuestion(id: "bad", text: "?", choices: ["a", "b"], correctChoice: 2),
            ]), jokers: [:])
        }
        #expect(throws: TriviaGameConfigurationError.duplicateQuestionId("q1")) {
            try TriviaGame(configuration: TriviaGameConfiguration(seed: 1, questionCount: 1, bank: [bank[0], bank[0]]), jokers: [:])
        }
    }
}
