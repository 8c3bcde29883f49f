import Foundation
import SignetServer
import SignetTestSupport
import Testing
@testable import SignetTrivia

/// Keeps docs/trivia-messages.schema.json honest: every frame of a real game against the reference server,
/// both directions, and every message the encoders write, is validated by `jsonschema` (Python, no code
/// shared with Signet) through scripts/schemas/check_trivia_messages.py. Frames the protocol refuses are
/// checked the other way: the schema must refuse them too.
@Suite("Trivia messages match docs/trivia-messages.schema.json",
       .enabled(PythonScript.skipReason(["jsonschema"])) { await PythonScript.runs(needing: ["jsonschema"]) })
struct TriviaMessageSchemaTests {
    @Test("every frame of a real game, sent and received, matches the schema")
    func realGame() async throws {
        let server = try await SocketGame.server(players: 2, jokers: ["ann": 1, "bob": 2])
        let recorder = FrameRecorder()
        try await SocketGame.with(server) { server in
            try await playEveryMessage(server, recorder)
        }
        let frames = await recorder.frames
        let received = frames.filter { $0.direction == "server" }
        let types = Set(received.compactMap { try? TriviaServerMessage.decode($0.text).typeName })
        #expect(types == Set(TriviaServerMessage.typeNames), "server message types seen: \(types.sorted())")
        let sent = Set(frames.filter { $0.direction == "client" && $0.valid }.compactMap {
            try? TriviaClientMessage.decode($0.text).typeName
        })
        #expect(sent == Set(TriviaClientMessage.typeNames))
        var codes: Set<String> = []
        for frame in received {
            switch try? TriviaServerMessage.decode(frame.text) {
            case .error(let error)?: codes.insert(error.code.rawValue)
            case .jokerResult(let result)?: codes.insert(result.reason.map { "joker:\($0.rawValue)" } ?? "joker:accepted")
            default: break
            }
        }
        #expect(codes.isSuperset(of: [
            // already-joined is left to the encoder test: this test's raw sockets are swift-websocket's client,
            // which loses frames read together with the 101 and the server's FIN (NIO's HTTP decoder drops
            // them once it has seen the end of input); SignetTriviaSocket holds that end back (see
            // HostileTriviaPeerTests' refusalWithTheUpgradeAndTheEnd).
            "malformed", "unknown-type", "unexpected-message", "unknown-question", "already-answered",
            "late-answer", "viewer-cannot-answer", "invalid-choice", "joker:accepted", "joker:unknown-question",
            "joker:joker-already-used", "joker:no-joker", "joker:joker-not-offered",
        ]), "codes seen: \(codes.sorted())")
        try await Self.check(frames)
    }

    @Test("every message the encoders write matches the schema; what the protocol refuses does not")
    func encoders() async throws {
        let deadline = Date(timeIntervalSince1970: 1_800_000_010.25)
        let odd = "zoë & \"co\"\n\u{1}\u{202E}😀"
        let oddUser = "zoë & \"co\" \u{202E}😀"   // a user name: no control character (Cc)
        var frames: [Frame] = []
        func client(_ message: TriviaClientMessage, valid: Bool = true) {
            frames.append(Frame(direction: "client", label: "encoder: \(message)", text: message.jsonText, valid: valid))
        }
        func server(_ message: TriviaServerMessage, valid: Bool = true) {
            frames.append(Frame(direction: "server", label: "encoder: \(message.typeName)", text: message.jsonText, valid: valid))
        }
        client(.answer(questionId: "q-capital-australia", choice: 2))
        client(.answer(questionId: odd, choice: Int.max))
        client(.useJoker(questionId: "q1"))
        client(.useJoker(questionId: odd))
        client(.answer(questionId: "q1", choice: -1), valid: false)
        client(.answer(questionId: "", choice: 0), valid: false)
        client(.useJoker(questionId: ""), valid: false)

        server(.welcome(TriviaWelcome(user: "bob", role: .player, jokers: 1, questionCount: 5, started: false)))
        server(.welcome(TriviaWelcome(user: oddUser, role: .viewer, jokers: 0, questionCount: 1, started: true)))
        server(.question(TriviaQuestionPrompt(questionId: "q1", index: 0, count: 5, text: odd, choices: ["a", odd, ""],
                                              deadline: deadline, remainingMilliseconds: 10_000, role: .player)))
        server(.answerReceived(TriviaAnswerReceipt(questionId: "q1", choice: 0)))
        server(.result(TriviaResult(questionId: "q1", correct: true, correctChoice: 2, choice: 2, role: .player,
                                    score: 1, jokerOffered: false)))
        server(.result(TriviaResult(questionId: "q1", correct: false, correctChoice: 2, choice: nil, role: .viewer,
                                    score: 0, jokerOffered: true)))
        server(.jokerResult(TriviaJokerResult(questionId: "q1", accepted: true, reason: nil, role: .player, jokers: 0)))
        for reason in [TriviaErrorCode.unknownQuestion, .jokerAlreadyUsed, .noJoker, .jokerNotOffered] {
            server(.jokerResult(TriviaJokerResult(questionId: "q1", accepted: false, reason: reason, role: .viewer, jokers: 1)))
        }
        server(.finish(standings: []))
        server(.finish(standings: [
            TriviaStanding(user: "ann", score: 5, role: .player, rank: 1, left: false),
            TriviaStanding(user: oddUser, score: 5, role: .viewer, rank: 1, left: true),
            TriviaStanding(user: "cat", score: 0, role: .viewer, rank: 3, left: true),
        ]))
        for code in [TriviaErrorCode.malformed, .unknownType, .unexpectedMessage, .notJoined, .alreadyJoined, .gameFull,
                     .unknownQuestion, .lateAnswer, .alreadyAnswered, .viewerCannotAnswer, .invalidChoice] {
            server(.error(TriviaServerError(code: code, message: "\(code): \(odd)")))
        }
        server(.error(TriviaServerError(.invalidJSON(byteOffset: 16, reason: "expected ',' or '}' in an object"))))
        server(.error(TriviaServerError(.wrongType(path: "choice", expected: "integer", found: "string"))))
        server(.error(TriviaServerError(.tooLarge(byteCount: 5000, limit: 4096))))
        // What the protocol refuses, written by the encoders all the same: the schema must refuse it too.
        server(.question(TriviaQuestionPrompt(questionId: "q1", index: 0, count: 5, text: "?", choices: ["only one"],
                                              deadline: deadline, remainingMilliseconds: 0, role: .player)), valid: false)
        server(.jokerResult(TriviaJokerResult(questionId: "q1", accepted: true, reason: .noJoker, role: .player, jokers: 0)),
               valid: false)
        server(.jokerResult(TriviaJokerResult(questionId: "q1", accepted: false, reason: nil, role: .viewer, jokers: 0)),
               valid: false)
        server(.finish(standings: [TriviaStanding(user: "ann", score: 1, role: .player, rank: 0, left: false)]), valid: false)
        server(.welcome(TriviaWelcome(user: "", role: .player, jokers: 0, questionCount: 1, started: false)), valid: false)
        server(.welcome(TriviaWelcome(user: "a\u{7}b", role: .player, jokers: 0, questionCount: 1, started: false)),
               valid: false)
        try await Self.check(frames)
    }

    // MARK: - Checking

    /// Writes `frames` to a temporary JSON-lines file and runs the Python checker on it.
    static func check(_ frames: [Frame]) async throws {
        let directory = try TemporaryDirectory()
        let encoder = JSONEncoder()
        var lines = Data()
        for frame in frames {
            lines.append(try encoder.encode(frame))
            lines.append(0x0A)
        }
        let file = try directory.file(named: "trivia-frames.jsonl", bytes: Array(lines))
        let schema = Repository.root.appendingPathComponent("docs/trivia-messages.schema.json").path
        let outcome = try await PythonScript.run("scripts/schemas/check_trivia_messages.py", [schema, file])
        #expect(outcome.status == 0, "\(frames.count) frames checked against the schema:\n\(outcome)")
    }

    // MARK: - The game

    /// ann, bob (players) and cat (joins late: a viewer) play the fixture's three questions, and on the way
    /// send every message the protocol has and every mistake it refuses, each answered before the next.
    func playEveryMessage(_ server: ReferenceServer, _ recorder: FrameRecorder) async throws {
        let ann = try await RawTriviaSocket.open(server, user: "ann", recorder: recorder)
        #expect(try await ann.next("welcome").typeName == "welcome")

        // Before the game starts: refusals of every kind, and a joker for a question not asked yet.
        try await ann.send(TriviaClientMessage.answer(questionId: "q1", choice: 0))
        #expect(try await ann.error() == .unexpectedMessage)
        for text in ["{", #"{"type":"question"}"#, #"{"type":"answer","questionId":"q1","choice":"x"}"#, "[]",
                     #"{"type":"answer","questionId":"q1","choice":0,"pad":""# + String(repeating: "x", count: 5000) + #""}"#] {
            try await ann.send(text: text, valid: false)
            #expect(try await ann.error() != nil)
        }
        try await ann.send(TriviaClientMessage.useJoker(questionId: "q1"))
        #expect(try await ann.jokerReason() == .unknownQuestion)

        // bob starts the game; cat comes in while the first question is open, as a viewer.
        let bob = try await RawTriviaSocket.open(server, user: "bob", recorder: recorder)
        _ = try await bob.next("welcome")
        let first = try await ann.question()
        _ = try await bob.question()
        let cat = try await RawTriviaSocket.open(server, user: "cat", recorder: recorder)
        _ = try await cat.next("welcome")
        _ = try await cat.question()

        try await ann.send(TriviaClientMessage.answer(questionId: first.questionId, choice: GameFixture.right(first)))
        _ = try await ann.next("answer-received")
        try await ann.send(TriviaClientMessage.answer(questionId: first.questionId, choice: GameFixture.right(first)))
        #expect(try await ann.error() == .alreadyAnswered)
        try await ann.send(TriviaClientMessage.answer(questionId: "not-a-question", choice: 0))
        #expect(try await ann.error() == .unknownQuestion)
        try await bob.send(TriviaClientMessage.answer(questionId: first.questionId, choice: GameFixture.wrong(first)))
        _ = try await bob.next("answer-received")
        for socket in [ann, bob, cat] { _ = try await socket.next("result") }

        // The review: bob's joker is accepted first (the window is short), then the refusals.
        try await bob.send(TriviaClientMessage.useJoker(questionId: first.questionId))
        #expect(try await bob.jokerReason() == nil)
        try await ann.send(TriviaClientMessage.useJoker(questionId: first.questionId))
        #expect(try await ann.jokerReason() == .jokerNotOffered)
        try await cat.send(TriviaClientMessage.useJoker(questionId: first.questionId))
        #expect(try await cat.jokerReason() == .noJoker)
        try await cat.send(TriviaClientMessage.answer(questionId: first.questionId, choice: 0))
        #expect(try await cat.error() == .lateAnswer)

        // Question 2: a choice out of range, a viewer's answer, bob wrong again with his joker spent.
        let second = try await ann.question()
        _ = try await bob.question()
        _ = try await cat.question()
        try await ann.send(TriviaClientMessage.answer(questionId: second.questionId, choice: 99))
        #expect(try await ann.error() == .invalidChoice)
        try await cat.send(TriviaClientMessage.answer(questionId: second.questionId, choice: 0))
        #expect(try await cat.error() == .viewerCannotAnswer)
        try await ann.send(TriviaClientMessage.answer(questionId: second.questionId, choice: GameFixture.right(second)))
        _ = try await ann.next("answer-received")
        try await bob.send(TriviaClientMessage.answer(questionId: second.questionId, choice: GameFixture.wrong(second)))
        _ = try await bob.next("answer-received")
        for socket in [ann, bob, cat] { _ = try await socket.next("result") }
        try await bob.send(TriviaClientMessage.useJoker(questionId: second.questionId))
        #expect(try await bob.jokerReason() == .jokerAlreadyUsed)

        // Question 3: ann alone plays it out; everyone gets finish and the sockets close.
        let third = try await ann.question()
        try await ann.send(TriviaClientMessage.answer(questionId: third.questionId, choice: GameFixture.right(third)))
        for socket in [ann, bob, cat] {
            _ = try await socket.next("finish")
            await socket.ended()
        }
    }
}
