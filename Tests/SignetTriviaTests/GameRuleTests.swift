import Foundation
import Testing
@testable import SignetTrivia
@testable import SignetServer

@Suite("Server game: rules and refusals")
struct GameRuleTests {
    typealias F = GameFixture

    /// A started game with the given users; returns the game and question 1 as sent.
    static func started(_ users: [String], jokers: [String: Int] = [:]) throws -> (TriviaGame, TriviaQuestionPrompt) {
        var game = try F.game(jokers: jokers)
        for user in users { _ = game.join(user, now: F.at(0)) }
        let prompt = try #require(game.start(now: F.at(0)).prompt(for: users[0]))
        return (game, prompt)
    }

    @Test func aNewUserPastTheParticipantsIsRefusedAndOneAlreadyInMayComeBack() throws {
        var configuration = TriviaGameConfiguration(seed: 1, questionCount: 3, timing: F.timing, bank: F.bank)
        configuration.maxParticipants = 2
        var game = try TriviaGame(configuration: configuration, jokers: [:])
        #expect(game.join("ann", now: F.at(0)).errorCodes(for: "ann").isEmpty)
        #expect(game.join("bob", now: F.at(0)).errorCodes(for: "bob").isEmpty)
        #expect(game.join("cat", now: F.at(1)).errorCodes(for: "cat") == [.gameFull])
        #expect(game.participants.map(\.user) == ["ann", "bob"])
        _ = game.leave("bob", now: F.at(2))
        #expect(game.join("cat", now: F.at(3)).errorCodes(for: "cat") == [.gameFull], "bob keeps his place after leaving")
        #expect(game.join("bob", now: F.at(4)).errorCodes(for: "bob").isEmpty)
        configuration.maxParticipants = 0
        #expect(throws: TriviaGameConfigurationError.valueOutOfRange(field: "maxParticipants", expected: "at least 1")) {
            try configuration.validate()
        }
    }

    @Test func aSecondJokerInAGameIsRefused() throws {
        var (game, q1) = try Self.started(["bob", "ann"], jokers: ["bob": 2])
        _ = game.receive(.answer(questionId: q1.questionId, choice: F.wrong(q1)), from: "bob", now: F.at(1))
        _ = game.receive(.answer(questionId: q1.questionId, choice: F.right(q1)), from: "ann", now: F.at(1))
        let first = game.receive(.useJoker(questionId: q1.questionId), from: "bob", now: F.at(2))
        #expect(first.to("bob") == [.jokerResult(TriviaJokerResult(questionId: q1.questionId, accepted: true, reason: nil, role: .player, jokers: 1))])

        let q2 = try #require(game.tick(now: F.at(4)).prompt(for: "bob"))
        _ = game.receive(.answer(questionId: q2.questionId, choice: F.right(q2)), from: "ann", now: F.at(5))
        let results = game.receive(.answer(questionId: q2.questionId, choice: F.wrong(q2)), from: "bob", now: F.at(5))
        // Wrong again: a joker is owned but one was used, so none is offered and bob becomes a viewer.
        #expect(results.result(for: "bob")?.jokerOffered == false)
        #expect(results.result(for: "bob")?.role == .viewer)
        let second = game.receive(.useJoker(questionId: q2.questionId), from: "bob", now: F.at(6))
        #expect(second.to("bob") == [.jokerResult(TriviaJokerResult(questionId: q2.questionId, accepted: false,
                                                                     reason: .jokerAlreadyUsed, role: .viewer, jokers: 1))])
        #expect(game.jokers["bob"] == 1)
    }

    @Test func jokerIsOnlyForAWrongAnswerUnderReview() throws {
        var (game, q1) = try Self.started(["ann"], jokers: ["ann": 1])
        // While the question is open: not offered.
        #expect(game.receive(.useJoker(questionId: q1.questionId), from: "ann", now: F.at(1)).to("ann") ==
                [.jokerResult(TriviaJokerResult(questionId: q1.questionId, accepted: false, reason: .jokerNotOffered, role: .player, jokers: 1))])
        #expect(game.receive(.useJoker(questionId: "q-nope"), from: "ann", now: F.at(1)).to("ann") ==
                [.jokerResult(TriviaJokerResult(questionId: "q-nope", accepted: false, reason: .unknownQuestion, role: .player, jokers: 1))])
        // Right answer: still not offered.
        _ = game.receive(.answer(questionId: q1.questionId, choice: F.right(q1)), from: "ann", now: F.at(1))
        #expect(game.receive(.useJoker(questionId: q1.questionId), from: "ann", now: F.at(2)).to("ann") ==
                [.jokerResult(TriviaJokerResult(questionId: q1.questionId, accepted: false, reason: .jokerNotOffered, role: .player, jokers: 1))])
        // Wrong on question 2, but the offer lapses when question 3 goes out.
        let q2 = try #require(game.tick(now: F.at(4)).prompt(for: "ann"))
        let results = game.receive(.answer(questionId: q2.questionId, choice: F.wrong(q2)), from: "ann", now: F.at(5))
        #expect(results.result(for: "ann")?.jokerOffered == true)
        #expect(game.jokerOffers == ["ann"])
        let q3 = try #require(game.tick(now: F.at(8)).prompt(for: "ann"))
        #expect(q3.role == .viewer)
        #expect(game.receive(.useJoker(questionId: q2.questionId), from: "ann", now: F.at(9)).to("ann") ==
                [.jokerResult(TriviaJokerResult(questionId: q2.questionId, accepted: false, reason: .jokerNotOffered, role: .viewer, jokers: 1))])
    }

    @Test func anAnswerAfterTheDeadlineIsLate() throws {
        var (game, q1) = try Self.started(["ann", "bob"])
        _ = game.receive(.answer(questionId: q1.questionId, choice: F.right(q1)), from: "ann", now: F.at(5))
        // At the deadline exactly the answer still counts…
        var (onTime, p1) = try Self.started(["ann"])
        #expect(onTime.receive(.answer(questionId: p1.questionId, choice: F.right(p1)), from: "ann", now: F.at(10))
            .result(for: "ann")?.correct == true)
        // …one millisecond after it, the question closes first and the answer is refused as late.
        let out = game.receive(.answer(questionId: q1.questionId, choice: F.right(q1)), from: "bob", now: F.at(10.001))
        #expect(out.result(for: "ann")?.correct == true)
        #expect(out.result(for: "bob") == TriviaResult(questionId: q1.questionId, correct: false, correctChoice: F.right(q1),
                                                       choice: nil, role: .viewer, score: 0, jokerOffered: false))
        #expect(out.to("bob").last == .error(TriviaServerError(code: .lateAnswer, message: "answer: \"\(q1.questionId)\" closed at its deadline")))
    }

    @Test func answersAreCheckedOneByOne() throws {
        var (game, q1) = try Self.started(["ann", "bob"])
        var waiting = try F.game()
        _ = waiting.join("ann", now: F.at(0))
        #expect(waiting.receive(.answer(questionId: "q1", choice: 0), from: "ann", now: F.at(0)).errorCodes(for: "ann") == [.unexpectedMessage])
        #expect(game.receive(.answer(questionId: "q-nope", choice: 0), from: "ann", now: F.at(1)).errorCodes(for: "ann") == [.unknownQuestion])
        let notYetAsked = try #require(game.questions.last?.id)
        #expect(game.receive(.answer(questionId: notYetAsked, choice: 0), from: "ann", now: F.at(1)).errorCodes(for: "ann") == [.unknownQuestion])
        #expect(game.receive(.answer(questionId: q1.questionId, choice: 3), from: "ann", now: F.at(1)).to("ann") ==
                [.error(TriviaServerError(code: .invalidChoice, message: "choice: 3 is not in 0…2"))])
        _ = game.receive(.answer(questionId: q1.questionId, choice: F.wrong(q1)), from: "ann", now: F.at(1))
        #expect(game.receive(.answer(questionId: q1.questionId, choice: F.right(q1)), from: "ann", now: F.at(2)).to("ann") ==
                [.error(TriviaServerError(code: .alreadyAnswered, message: "answer: already answered \"\(q1.questionId)\" with choice \(F.wrong(q1))"))])
        #expect(game.receive(.answer(questionId: q1.questionId, choice: 0), from: "zed", now: F.at(2)).errorCodes(for: "zed") == [.notJoined])
        #expect(game.join("ann", now: F.at(2)).errorCodes(for: "ann") == [.alreadyJoined])
    }

    @Test func malformedFramesGetAnErrorAndChangeNothing() throws {
        var (game, q1) = try Self.started(["ann"])
        let before = game.participants
        let out = game.receive(text: #"{"type":"answer","questionId":"\#(q1.questionId)","choice":"two"}"#, from: "ann", now: F.at(1))
        #expect(out == [TriviaDelivery(to: "ann", .error(TriviaServerError(
            code: .malformed, message: "$.choice: expected integer, found string", path: "$.choice")))])
        #expect(game.receive(text: #"{"type":"answer""#, from: "ann", now: F.at(1)) == [TriviaDelivery(to: "ann", .error(TriviaServerError(
            code: .malformed, message: "byte 16: the input ends inside an object at $", byteOffset: 16)))])
        #expect(game.receive(text: #"{"type":"cheat"}"#, from: "ann", now: F.at(1)).to("ann") == [.error(TriviaServerError(
            code: .unknownType, message: #"$.type: unknown message type "cheat" (expected one of answer, use-joker)"#, path: "$.type"))])
        #expect(game.receive(text: String(repeating: " ", count: 5_000), from: "ann", now: F.at(1)).errorCodes(for: "ann") == [.malformed])
        #expect(game.participants == before)
        // The game goes on: a good answer is still accepted.
        #expect(game.receive(text: TriviaClientMessage.answer(questionId: q1.questionId, choice: F.right(q1)).jsonText,
                             from: "ann", now: F.at(2)).result(for: "ann")?.correct == true)
    }

    @Test func aUserWhoLeavesDoesNotStopTheGame() throws {
        var (game, q1) = try Self.started(["ann", "bob", "cat"])
        _ = game.receive(.answer(questionId: q1.questionId, choice: F.right(q1)), from: "ann", now: F.at(1))
        #expect(game.leave("bob", now: F.at(2)).isEmpty)
        // cat's answer is the last one needed: bob no longer holds the question open, and gets nothing.
        let results = game.receive(.answer(questionId: q1.questionId, choice: F.right(q1)), from: "cat", now: F.at(3))
        #expect(Set(results.map(\.recipient)) == ["ann", "cat"])
        let second = game.tick(now: F.at(6))
        #expect(second.map(\.recipient) == ["ann", "cat"])
        let q2 = try #require(second.prompt(for: "ann"))
        _ = game.receive(.answer(questionId: q2.questionId, choice: F.right(q2)), from: "ann", now: F.at(7))
        // The last player still answering leaves: the question closes at once.
        #expect(game.leave("cat", now: F.at(8)).map(\.recipient) == ["ann"])
        let q3 = try #require(game.tick(now: F.at(11)).prompt(for: "ann"))
        _ = game.receive(.answer(questionId: q3.questionId, choice: F.right(q3)), from: "ann", now: F.at(12))
        let end = game.tick(now: F.at(15))
        #expect(end == [TriviaDelivery(to: "ann", .finish(standings: [
            TriviaStanding(user: "ann", score: 3, role: .player, rank: 1, left: false),
            TriviaStanding(user: "cat", score: 1, role: .viewer, rank: 2, left: true),
            TriviaStanding(user: "bob", score: 0, role: .viewer, rank: 3, left: true),
        ]))])
    }

    @Test func lateJoinersWatchAndLeaversComeBack() throws {
        var (game, q1) = try Self.started(["ann", "bob"])
        let late = game.join("dan", now: F.at(4))
        #expect(late.to("dan").first == .welcome(TriviaWelcome(user: "dan", role: .viewer, jokers: 0, questionCount: 3, started: true)))
        #expect(late.prompt(for: "dan")?.remainingMilliseconds == 6_000)
        #expect(late.prompt(for: "dan")?.role == .viewer)
        _ = game.leave("bob", now: F.at(5))
        _ = game.receive(.answer(questionId: q1.questionId, choice: F.right(q1)), from: "ann", now: F.at(5))
        let back = game.join("bob", now: F.at(6))
        #expect(back == [TriviaDelivery(to: "bob", .welcome(TriviaWelcome(user: "bob", role: .viewer, jokers: 0, questionCount: 3, started: true)))])
    }

    @Test func withNoPlayerLeftQuestionsRunToTheirDeadline() throws {
        var (game, q1) = try Self.started(["ann"])
        _ = game.receive(.answer(questionId: q1.questionId, choice: F.wrong(q1)), from: "ann", now: F.at(1))
        let q2 = try #require(game.tick(now: F.at(4)).prompt(for: "ann"))
        #expect(q2.role == .viewer)
        #expect(game.tick(now: F.at(14)).isEmpty)
        #expect(game.tick(now: F.at(14.001)).result(for: "ann")?.questionId == q2.questionId)
        #expect(game.start(now: F.at(15)).isEmpty)
    }
}
