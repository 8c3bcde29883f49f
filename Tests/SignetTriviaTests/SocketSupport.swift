import Foundation
@testable import SignetServer
@testable import SignetTrivia
import SignetTriviaSocket

/// Everything a connection reported, kept in order, so a test can wait for the next event it needs.
/// Waiting has a generous limit only so that a broken build fails instead of hanging; no test
/// asserts on how long anything took.
actor EventLog {
    private var events: [TriviaConnectionEvent] = []
    private var cursor = 0
    private var waiter: (token: Int, matches: @Sendable (TriviaConnectionEvent) -> Bool,
                         continuation: CheckedContinuation<TriviaConnectionEvent?, Never>)?
    private var nextToken = 0

    func append(_ event: TriviaConnectionEvent) {
        events.append(event)
        if let waiter, let found = take(waiter.matches) {
            self.waiter = nil
            waiter.continuation.resume(returning: found)
        }
    }

    /// The next event (after those already taken) that `matches`, or the end of the connection, or nil
    /// after `limit`.
    func next(limit: Duration = .seconds(30), _ matches: @escaping @Sendable (TriviaConnectionEvent) -> Bool)
        async -> TriviaConnectionEvent? {
        let matchesOrEnd: @Sendable (TriviaConnectionEvent) -> Bool = { event in
            if case .ended = event { return true }
            return matches(event)
        }
        if let found = take(matchesOrEnd) { return found }
        nextToken += 1
        let token = nextToken
        return await withCheckedContinuation { continuation in
            waiter = (token, matchesOrEnd, continuation)
            Task {
                try? await Task.sleep(for: limit)
                self.expire(token)
            }
        }
    }

    /// Every event recorded so far, in order.
    func recorded() -> [TriviaConnectionEvent] { events }

    private func expire(_ token: Int) {
        guard let waiter, waiter.token == token else { return }
        self.waiter = nil
        waiter.continuation.resume(returning: nil)
    }

    private func take(_ matches: (TriviaConnectionEvent) -> Bool) -> TriviaConnectionEvent? {
        guard let index = events[cursor...].firstIndex(where: matches) else { return nil }
        cursor = index + 1
        return events[index]
    }
}

/// Why a test player stopped waiting.
struct WaitFailure: Error, CustomStringConvertible {
    let description: String
}

/// One connected user in a socket test: the connection and the log of what it reported.
struct TestPlayer: Sendable {
    let user: String
    let connection: TriviaConnection
    let log: EventLog

    /// Connects `user` to `server` and starts recording its events.
    static func join(_ user: String, _ server: ReferenceServer, jokers: Int = 0) async throws -> TestPlayer {
        let connection = try await TriviaConnection.open(baseURL: server.baseURL, user: user, jokers: jokers)
        let log = EventLog()
        Task {
            for await event in connection.events { await log.append(event) }
        }
        return TestPlayer(user: user, connection: connection, log: log)
    }

    /// The next server message of `type` (skipping others).
    func message(_ type: String) async throws -> TriviaServerMessage {
        try await messageAndMachine(type).message
    }

    /// The next server message of `type` and the client machine as it was right after handling it.
    func messageAndMachine(_ type: String) async throws -> (message: TriviaServerMessage, machine: TriviaClientMachine) {
        let event = await log.next { event in
            if case .handled(.received(let message, _), _, _) = event { return message.typeName == type }
            return false
        }
        guard case .handled(.received(let message, _), _, let machine)? = event else {
            throw WaitFailure(description: "\(user): no \"\(type)\" message; got \(event.map { "\($0)" } ?? "nothing in time")")
        }
        return (message, machine)
    }

    func welcome() async throws -> TriviaWelcome {
        guard case .welcome(let welcome) = try await message("welcome") else { throw WaitFailure(description: "welcome") }
        return welcome
    }

    func question() async throws -> TriviaQuestionPrompt {
        guard case .question(let prompt) = try await message("question") else { throw WaitFailure(description: "question") }
        return prompt
    }

    func receipt() async throws -> TriviaAnswerReceipt {
        guard case .answerReceived(let receipt) = try await message("answer-received") else {
            throw WaitFailure(description: "answer-received")
        }
        return receipt
    }

    func result() async throws -> TriviaResult {
        try await resultAndMachine().result
    }

    /// The next `result` and the machine right after it (whether it offers the joker, the role).
    func resultAndMachine() async throws -> (result: TriviaResult, machine: TriviaClientMachine) {
        let (message, machine) = try await messageAndMachine("result")
        guard case .result(let result) = message else { throw WaitFailure(description: "result") }
        return (result, machine)
    }

    func jokerResult() async throws -> TriviaJokerResult {
        guard case .jokerResult(let result) = try await message("joker-result") else {
            throw WaitFailure(description: "joker-result")
        }
        return result
    }

    func error() async throws -> TriviaServerError {
        guard case .error(let error) = try await message("error") else { throw WaitFailure(description: "error") }
        return error
    }

    func finish() async throws -> [TriviaStanding] {
        guard case .finish(let standings) = try await message("finish") else { throw WaitFailure(description: "finish") }
        return standings
    }

    /// Waits for the end of the connection.
    func ended() async throws -> TriviaConnectionEnd {
        guard case .ended(let end)? = await log.next({ _ in false }) else {
            throw WaitFailure(description: "\(user): the connection did not end in time")
        }
        return end
    }

    /// Answers with the choice whose text is "right" (or "wrong-a") on `prompt`, through the machine.
    @discardableResult
    func answer(_ prompt: TriviaQuestionPrompt, right: Bool) async -> TriviaClientOutcome {
        await connection.answer(right ? GameFixture.right(prompt) : GameFixture.wrong(prompt))
    }
}

/// Reference servers for socket tests: the fixture's three questions ("right" is right), a lobby
/// that starts when `players` have joined, and jokers as given.
///
/// Questions last 10 s but close as soon as every player has answered, so tests never wait for them
/// unless they mean to; results stay up 2 s, the window for `use-joker` (long enough for a loaded
/// machine: a test sends `use-joker` as soon as it sees the result).
enum SocketGame {
    static func server(players: Int, jokers: [String: Int] = ["bob": 2], questionCount: Int = 3,
                       question: Duration = .seconds(10), review: Duration = .seconds(2),
                       lobbyWait: Duration = .seconds(120)) async throws -> ReferenceServer {
        let trivia = TriviaGameConfiguration(
            seed: 7, questionCount: questionCount, timing: TriviaTiming(questionDuration: question, reviewDuration: review),
            bank: GameFixture.bank, lobby: TriviaLobby(playersToStart: players, maximumWait: lobbyWait),
            startingJokers: jokers)
        return try await ReferenceServer.start(ReferenceServerConfiguration(trivia: trivia))
    }

    /// Runs `body` with a server and always stops it.
    static func with(_ server: ReferenceServer, _ body: (ReferenceServer) async throws -> Void) async throws {
        do {
            try await body(server)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }
}
