import Foundation
import Signet
import SignetServer
@testable import SignetTrivia
import SignetURLSession
import Testing

/// Whole games over real WebSockets on 127.0.0.1 against the reference server, each test with its
/// own server. Every wait is for a message, never for a length of time.
@Suite("Trivia over WebSockets")
struct SocketGameTests {
    typealias F = GameFixture

    @Test("three clients: one always right, one wrong who uses a joker, one wrong without a joker becomes a viewer")
    func threeClients() async throws {
        try await SocketGame.with(try await SocketGame.server(players: 3)) { server in
            let rest = TriviaClient(baseURL: server.baseURL, transport: SignetURLSessionTransport())
            #expect(try await rest.jokers(for: "bob") == TriviaJokersResponse(user: "bob", jokers: 2))
            #expect(try await rest.jokers(for: "cat").jokers == 0)

            let ann = try await TestPlayer.join("ann", server)
            let bob = try await TestPlayer.join("bob", server, jokers: 2)
            let cat = try await TestPlayer.join("cat", server)
            for player in [ann, bob, cat] {
                let welcome = try await player.welcome()
                #expect(welcome.user == player.user)
                #expect(welcome.role == .player)
                #expect(welcome.questionCount == 3)
            }
            #expect(await bob.connection.machine.jokers == 2)

            // Question 1: the game started when the third player joined.
            let first = try await ann.question()
            #expect(first.index == 0 && first.count == 3 && first.role == .player)
            #expect(try await bob.question() == first)
            #expect(try await cat.question() == first)
            await ann.answer(first, right: true)
            await bob.answer(first, right: false)
            await cat.answer(first, right: false)
            #expect(try await ann.receipt() == TriviaAnswerReceipt(questionId: first.questionId, choice: F.right(first)))
            #expect(try await bob.receipt().choice == F.wrong(first))

            let annResult = try await ann.result()
            #expect(annResult.correct && annResult.score == 1 && annResult.role == .player && !annResult.jokerOffered)
            #expect(annResult.correctChoice == F.right(first))
            let (bobResult, bobMachine) = try await bob.resultAndMachine()
            #expect(!bobResult.correct && bobResult.jokerOffered && bobResult.role == .viewer)
            #expect(bobMachine.canUseJoker)
            let (catResult, catMachine) = try await cat.resultAndMachine()
            #expect(!catResult.correct && !catResult.jokerOffered && catResult.role == .viewer)
            #expect(!catMachine.canUseJoker && catMachine.role == .viewer)

            // bob spends his joker during the review and plays on.
            #expect(await bob.connection.useJoker().send == [.useJoker(questionId: first.questionId)])
            let joker = try await bob.jokerResult()
            #expect(joker == TriviaJokerResult(questionId: first.questionId, accepted: true, reason: nil, role: .player, jokers: 1))
            #expect(await bob.connection.machine.jokerUsedThisGame)

            // Questions 2 and 3: cat is refused on her side, and by the server when she insists.
            for index in 1...2 {
                let prompt = try await ann.question()
                #expect(prompt.index == index)
                #expect(try await bob.question().role == .player)
                #expect(try await cat.question().role == .viewer)
                #expect(await cat.connection.answer(0) == .refused(.viewerCannotAnswer))
                if index == 1 {
                    try await cat.connection.sendUnchecked(.answer(questionId: prompt.questionId, choice: 0))
                    #expect(try await cat.error().code == .viewerCannotAnswer)
                }
                await ann.answer(prompt, right: true)
                await bob.answer(prompt, right: true)
                #expect(try await ann.result().correct)
                #expect(try await bob.result().correct)
            }

            let expected = [
                TriviaStanding(user: "ann", score: 3, role: .player, rank: 1, left: false),
                TriviaStanding(user: "bob", score: 2, role: .player, rank: 2, left: false),
                TriviaStanding(user: "cat", score: 0, role: .viewer, rank: 3, left: false),
            ]
            for player in [ann, bob, cat] {
                #expect(try await player.finish() == expected)
                #expect(try await player.ended() == .finished(standings: expected))
            }
            #expect(try await rest.jokers(for: "bob").jokers == 1)
        }
    }

    @Test("a second joker in the same game is refused, by the client and by the server")
    func secondJokerRefused() async throws {
        // Bob's joker requests must reach the server within each review. With 2 s, a run on a machine loaded
        // by two test runs at once saw the next question before Bob's first `useJoker`, so his client (rightly)
        // refused it: the game was right, the test's pace was not guaranteed. 5 s leaves room for that load.
        try await SocketGame.with(try await SocketGame.server(players: 2, review: .seconds(5))) { server in
            let ann = try await TestPlayer.join("ann", server)
            let bob = try await TestPlayer.join("bob", server, jokers: 2)
            let first = try await bob.question()
            await ann.answer(try await ann.question(), right: true)
            await bob.answer(first, right: false)
            #expect(try await bob.result().jokerOffered)
            await bob.connection.useJoker()
            #expect(try await bob.jokerResult().accepted)

            let second = try await bob.question()
            await ann.answer(try await ann.question(), right: true)
            await bob.answer(second, right: false)
            let result = try await bob.result()
            #expect(!result.jokerOffered && result.role == .viewer)
            #expect(await bob.connection.useJoker() == .refused(.noJokerOffered))

            try await bob.connection.sendUnchecked(.useJoker(questionId: second.questionId))
            let refused = try await bob.jokerResult()
            #expect(refused == TriviaJokerResult(questionId: second.questionId, accepted: false, reason: .jokerAlreadyUsed,
                                                 role: .viewer, jokers: 1))
            let rest = TriviaClient(baseURL: server.baseURL, transport: SignetURLSessionTransport())
            #expect(try await rest.jokers(for: "bob").jokers == 1)
            await ann.answer(try await ann.question(), right: true)   // the last question closes at once
            #expect(try await bob.finish().first { $0.user == "bob" }?.role == .viewer)
        }
    }

    @Test("an answer after the question closed at its deadline is refused as late")
    func lateAnswer() async throws {
        let server = try await SocketGame.server(players: 1, jokers: [:], questionCount: 2, question: .milliseconds(400))
        try await SocketGame.with(server) { server in
            let dan = try await TestPlayer.join("dan", server)
            let prompt = try await dan.question()
            // dan does not answer: the server closes the question at its deadline.
            let result = try await dan.result()
            #expect(result.choice == nil && !result.correct && result.role == .viewer && !result.jokerOffered)
            #expect(await dan.connection.answer(F.right(prompt)).refusal != nil)

            try await dan.connection.sendUnchecked(.answer(questionId: prompt.questionId, choice: F.right(prompt)))
            let error = try await dan.error()
            #expect(error.code == .lateAnswer)
            #expect(error.message.contains(prompt.questionId))
            #expect(try await dan.finish() == [TriviaStanding(user: "dan", score: 0, role: .viewer, rank: 1, left: false)])
        }
    }

    @Test("a lone player starts after the lobby's wait; a finished game is followed by a new one")
    func lobbyWaitAndNextGame() async throws {
        let server = try await SocketGame.server(players: 5, questionCount: 1, lobbyWait: .milliseconds(300))
        try await SocketGame.with(server) { server in
            let dan = try await TestPlayer.join("dan", server)
            #expect(try await dan.welcome().started == false)
            let prompt = try await dan.question()   // nobody else came: the lobby's wait started the game
            await dan.answer(prompt, right: true)
            #expect(try await dan.finish() == [TriviaStanding(user: "dan", score: 1, role: .player, rank: 1, left: false)])
            #expect(try await dan.ended() == .finished(standings: [
                TriviaStanding(user: "dan", score: 1, role: .player, rank: 1, left: false)]))

            let again = try await TestPlayer.join("dan", server)
            let welcome = try await again.welcome()
            #expect(welcome.role == .player && !welcome.started)
            #expect(try await again.question().index == 0)
            await again.connection.close()
        }
    }

    @Test("malformed and out-of-order messages get an error that says what and where; the socket stays open")
    func malformedMessages() async throws {
        try await SocketGame.with(try await SocketGame.server(players: 2)) { server in
            let ann = try await TestPlayer.join("ann", server)
            _ = try await ann.welcome()

            try await ann.connection.sendUnchecked(text: #"{"type":"answer","questionId":"q1","choice":"two"}"#)
            #expect(try await ann.error() == TriviaServerError(
                code: .malformed, message: "$.choice: expected integer, found string", path: "$.choice"))

            try await ann.connection.sendUnchecked(text: #"{"type":"answer" "choice":1}"#)
            let syntax = try await ann.error()
            #expect(syntax.code == .malformed && syntax.byteOffset != nil && syntax.path == nil)

            try await ann.connection.sendUnchecked(text: #"{"type":"question"}"#)
            let unknown = try await ann.error()
            #expect(unknown.code == .unknownType && unknown.path == "$.type")

            try await ann.connection.sendUnchecked(text: String(repeating: "[", count: 20))
            #expect(try await ann.error().code == .malformed)

            try await ann.connection.sendUnchecked(.answer(questionId: "q1", choice: 0))
            #expect(try await ann.error().code == .unexpectedMessage)   // the game has not started

            // Still connected and playing: bob's arrival starts the game.
            let bob = try await TestPlayer.join("bob", server)
            let prompt = try await ann.question()
            #expect(try await bob.question() == prompt)
            try await ann.connection.sendUnchecked(.answer(questionId: prompt.questionId, choice: 9))
            #expect(try await ann.error().code == .invalidChoice)
            try await ann.connection.sendUnchecked(.useJoker(questionId: "q-never-asked"))
            #expect(try await ann.jokerResult().reason == .unknownQuestion)
            await ann.connection.close()
            #expect(try await ann.ended() == .failed(.closedByClient))
        }
    }

    @Test("a dropped connection mid-game: the client reports it, the server plays on without it")
    func droppedConnection() async throws {
        try await SocketGame.with(try await SocketGame.server(players: 3, jokers: [:])) { server in
            let ann = try await TestPlayer.join("ann", server)
            let bob = try await TestPlayer.join("bob", server)
            let cat = try await TestPlayer.join("cat", server)
            let first = try await ann.question()
            #expect(try await bob.question() == first)
            #expect(try await cat.question() == first)
            for player in [ann, bob, cat] { await player.answer(first, right: true) }
            for player in [ann, bob, cat] { #expect(try await player.result().correct) }

            // The next frame the server reads (cat's answer) drops cat's TCP connection.
            let second = try await cat.question()
            server.faults.inject(.dropConnection, count: 1, pathPrefix: "/trivia/play")
            await cat.answer(second, right: true)
            guard case .failed(.connectionLost) = try await cat.ended() else {
                Issue.record("cat's connection did not report the drop")
                return
            }
            #expect(await cat.connection.machine.state == .disconnected)
            #expect(await cat.connection.answer(0) == .refused(.disconnected))

            // ann and bob finish the game; cat keeps her point, and is marked as gone (and, having given
            // no answer to question 2, as a viewer).
            for index in 1...2 {
                await ann.answer(try await ann.question(), right: true)
                await bob.answer(try await bob.question(), right: index == 1)
            }
            let standings = try await ann.finish()
            #expect(standings == [
                TriviaStanding(user: "ann", score: 3, role: .player, rank: 1, left: false),
                TriviaStanding(user: "bob", score: 2, role: .viewer, rank: 2, left: false),
                TriviaStanding(user: "cat", score: 1, role: .viewer, rank: 3, left: true),
            ])
            #expect(try await bob.finish() == standings)
        }
    }
}
