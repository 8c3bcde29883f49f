import Foundation
import Signet
import SignetAsyncHTTPClient
import SignetTestSupport
import SignetTransportTestSupport
@testable import SignetTrivia
import SignetTriviaSocket
import Testing

/// Trivia against hostile peers that share no code with the reference server: `GET /trivia/jokers`
/// through `TriviaClient` against ``HostileHTTPPeer``, and the game socket against
/// ``HostileWebSocketPeer`` (malformed frames, a 16 MiB frame, a `result` before any `question`). The
/// silent server, the game that never finishes and the endless question are in ``HostileServerTests``.
/// Every row is bounded by ``HostileRow/bound`` (a hang guard, not a stopwatch).
@Suite("Trivia against a hostile peer")
struct HostileTriviaPeerTests {
    static let transportLimit = 16 << 20

    static func signet(_ predicate: @escaping @Sendable (SignetError.Kind) -> Bool) -> @Sendable (any Error) -> Bool {
        { error in (error as? SignetError).map { predicate($0.kind) } ?? false }
    }

    static func decoding(at path: String) -> @Sendable (any Error) -> Bool {
        signet { if case .decoding(let found, _) = $0 { found == path } else { false } }
    }

    static func body(_ text: String) -> @Sendable (HostileHTTPPeer.Request) -> [HostileHTTPPeer.Step] {
        { _ in HostileHTTPPeer.response(text) }
    }

    static let jokerRows: [HostileRow] = [
        HostileRow("JSON arrays nested 100 000 deep (in 4 KiB: nested 4 000 deep)", expected: "SignetError.decoding",
                   mentions: ["nesting deeper than 8"], matches: signet { if case .decoding = $0 { true } else { false } },
                   answer: body(#"{"user":"ann","jokers":"# + String(repeating: "[", count: 4_000))),
        HostileRow("jokers of 2^64", expected: "SignetError.decoding", mentions: ["$.jokers"], matches: decoding(at: "$.jokers"),
                   answer: body(#"{"user":"ann","jokers":18446744073709551616}"#)),
        HostileRow("jokers as a string", expected: "SignetError.decoding", mentions: ["$.jokers", "expected integer"],
                   matches: decoding(at: "$.jokers"), answer: body(#"{"user":"ann","jokers":"1"}"#)),
        HostileRow("a 5 000-byte answer (limit 4 096)", expected: "SignetError.bodyTooLarge",
                   mentions: ["trivia.jokers", "limit of 4096 bytes"],
                   matches: signet { if case .bodyTooLarge(4_096, _) = $0 { true } else { false } },
                   answer: body(#"{"user":"ann","jokers":1}"# + String(repeating: " ", count: 5_000))),
        HostileRow("a true Content-Length of 40 MiB, the body streamed", expected: "SignetError.bodyTooLarge",
                   mentions: ["limit of \(transportLimit) bytes"],
                   matches: signet { if case .bodyTooLarge(HostileTriviaPeerTests.transportLimit, _) = $0 { true } else { false } },
                   answer: { _ in HostileRow.declaredBomb(40 << 20) }),
        HostileRow("headers, then silence (GET: 3 attempts)", expected: "SignetError.timeout",
                   mentions: ["timed out after 3 s"], attempts: 3...3,
                   matches: signet { if case .timeout = $0 { true } else { false } },
                   answer: { _ in HostileRow.headersThenStall() }),
        HostileRow("Content-Length: 4096, a few bytes, then close (GET: 3 attempts)", expected: "SignetError.transport",
                   mentions: ["transport failure"], attempts: 3...3,
                   matches: signet { if case .transport = $0 { true } else { false } },
                   answer: { _ in HostileRow.cutShort(#"{"user":"#) }),
        HostileRow("401 with Date in year 9999 (unsigned: the Date is not consulted)", expected: "SignetError.httpStatus(401)",
                   mentions: ["HTTP 401"],
                   matches: signet { if case .httpStatus(let status, _, _) = $0 { status.code == 401 } else { false } },
                   answer: { _ in HostileRow.unauthorizedFromYear9999() }),
    ]

    @Test("a hostile jokers answer ends in a typed error, within the bound, with bounded reading",
          arguments: jokerRows, TransportKind.allCases)
    func hostileJokers(row: HostileRow, transport: TransportKind) async throws {
        let peer = try HostileHTTPPeer(row.answer)
        defer { peer.stop() }
        let chosen: any Transport = transport.make()
        let retry = RetryMiddleware(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(4))
        let trivia = TriviaClient(client: SignetClient(baseURL: try peer.baseURL, transport: chosen,
                                                 middleware: SignetClient.defaultMiddleware(retry: retry, timeout: row.attemptTimeout(.seconds(3)))))
        let outcome = await HangGuard.run(within: HostileRow.bound) { _ = try await trivia.jokers(for: "ann") }
                await row.check(outcome, peer: peer, path: "/trivia/jokers", limit: transport.hangsUpAtLimit ? Self.transportLimit : nil)
    }

    // MARK: - The game socket

    /// One hostile script on the game socket: what the peer sends, and what the client must report.
    struct SocketRow: Sendable, CustomTestStringConvertible {
        let sends: String
        let frames: [HostileWebSocketPeer.Frame]
        /// The expected report, in words.
        let expected: String
        /// Whether the events (the last one `.ended`) are the expected ones.
        let matches: @Sendable ([TriviaConnectionEvent]) -> Bool
        var testDescription: String { "\(sends) → \(expected)" }
    }

    static let welcome = HostileServerTests.welcome
    static let finish = HostileServerTests.finish

    /// The hostile frames are followed by a `finish`: the client reports them, ignores them, and the game
    /// still ends as finished (no timing involved).
    static func undecodable(_ predicate: @escaping @Sendable (TriviaMessageError) -> Bool) -> @Sendable ([TriviaConnectionEvent]) -> Bool {
        { events in
            events.contains { if case .undecodable(let error) = $0 { predicate(error) } else { false } } && endedFinished(events)
        }
    }

    /// The connection ended as lost, for exactly this reason.
    static func lost(because reason: String) -> @Sendable ([TriviaConnectionEvent]) -> Bool {
        { events in if case .ended(.failed(.connectionLost(let found)))? = events.last { found == reason } else { false } }
    }

    static func endedFinished(_ events: [TriviaConnectionEvent]) -> Bool {
        if case .ended(.finished)? = events.last { true } else { false }
    }

    static let socketRows: [SocketRow] = [
        SocketRow(sends: "a text frame that is not JSON", frames: [.text("<html>"), .text(finish)],
                  expected: "undecodable(.invalidJSON at byte 0), ignored",
                  matches: undecodable { if case .invalidJSON(0, _) = $0 { true } else { false } }),
        SocketRow(sends: "a message of unknown type", frames: [.text(#"{"type":"bogus"}"#), .text(finish)],
                  expected: "undecodable(.unknownType(\"bogus\")), ignored",
                  matches: undecodable { if case .unknownType("bogus", _) = $0 { true } else { false } }),
        SocketRow(sends: "a binary frame holding a welcome", frames: [.binary(Array(welcome.utf8)), .text(finish)],
                  expected: "undecodable(.wrongType at message: a binary frame), ignored",
                  matches: undecodable { $0 == .wrongType(path: "message", expected: "a text frame", found: "a binary frame") }),
        SocketRow(sends: "a binary frame of bytes that are not UTF-8", frames: [.binary([0xFF, 0xFE, 0x00, 0x80]), .text(finish)],
                  expected: "undecodable(.wrongType at message: a binary frame), ignored",
                  matches: undecodable { $0 == .wrongType(path: "message", expected: "a text frame", found: "a binary frame") }),
        SocketRow(sends: "a text frame of bytes that are not UTF-8", frames: [.init(opcode: 0x1, payload: [0x7B, 0xFF, 0xFE, 0x7D]), .text(finish)],
                  expected: "connectionLost(invalid data (1007)), the bytes never replaced and read (RFC 6455, 8.1)",
                  matches: lost(because: "invalid data (1007): the server sent a text message that is not UTF-8")),
        SocketRow(sends: "JSON nested 1 000 deep",
                  frames: [.text(#"{"type":"welcome","x":"# + String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000) + "}"),
                           .text(finish)],
                  expected: "undecodable(.tooDeep(limit: 16)), ignored",
                  matches: undecodable { if case .tooDeep(_, 16) = $0 { true } else { false } }),
        SocketRow(sends: "a welcome whose questionCount is 2^64",
                  frames: [.text(welcome.replacingOccurrences(of: #""questionCount":3"#, with: #""questionCount":18446744073709551616"#)),
                           .text(finish)],
                  expected: "undecodable(at $.questionCount), ignored",
                  matches: undecodable { $0.path == "$.questionCount" }),
        SocketRow(sends: "a result before any question",
                  frames: [.text(welcome), .text(#"{"type":"result","questionId":"q1","correct":false,"correctChoice":1,"#
                                                  + #""choice":null,"role":"player","score":0,"jokerOffered":false}"#), .text(finish)],
                  expected: "handled(result) refused as unexpectedMessage, ignored",
                  matches: { events in
                      events.contains { event in
                          if case .handled(.received(let message, _), let outcome, _) = event, message.typeName == "result" {
                              outcome.refusal == .unexpectedMessage(type: "result")
                          } else { false }
                      } && endedFinished(events)
                  }),
        SocketRow(sends: "a 16 MB text frame (16 000 000 bytes, one frame)",
                  frames: [.text(#"{"type":"welcome","pad":""# + String(repeating: "x", count: 16_000_000 - 32) + #""}"#), .text(finish)],
                  expected: "undecodable(.tooLarge(limit: 1048576)), ignored",
                  matches: undecodable { if case .tooLarge(_, 1_048_576) = $0 { true } else { false } }),
        SocketRow(sends: "a 17 MiB text frame (over the socket's 16 MiB read limit)",
                  frames: [.text(#"{"type":"welcome","pad":""# + String(repeating: "x", count: 17 << 20) + #""}"#), .text(finish)],
                  expected: "connectionLost(frame too large (1009)), refused from the frame's header",
                  matches: lost(because: "frame too large (1009): the server sent a frame over the socket's limit of 16777216 bytes")),
        SocketRow(sends: "one 18 MiB text message in two 9 MiB frames (each within the frame limit)",
                  frames: [.init(opcode: 0x1, payload: Array(#"{"type":"welcome","pad":""#.utf8) + [UInt8](repeating: 0x78, count: 9 << 20), final: false),
                           .init(opcode: 0x0, payload: [UInt8](repeating: 0x78, count: 9 << 20) + Array(#""}"#.utf8)), .text(finish)],
                  expected: "connectionLost(message too large (1009))",
                  matches: lost(because: "message too large (1009): the server sent a message over the socket's limit of 16777216 bytes")),
    ]

    /// Every event of a connection as "ann" to a peer behaving as `behaviour`, up to the end; nil (with the
    /// issue recorded) when the connection did not end `within` the bound.
    static func eventsToTheEnd(_ behaviour: HostileWebSocketPeer.Behaviour, limits: TriviaConnectionLimits = .standard,
                               within bound: Duration = HostileRow.bound) async throws -> [TriviaConnectionEvent]? {
        let peer = try HostileWebSocketPeer(behaviour)
        defer { peer.stop() }
        let connection = try await TriviaConnection.open(baseURL: try peer.baseURL, user: "ann", limits: limits)
        let log = EventLog()
        let outcome = await HangGuard.run(within: bound) {
            for await event in connection.events { await log.append(event) }
        }
        let events = await log.recorded()
        guard case .returned = outcome else {
            Issue.record("the connection did not end: \(outcome); events: \(events)")
            return nil
        }
        return events
    }

    @Test("a hostile frame is reported as typed, and the connection still ends within the bound", arguments: socketRows)
    func hostileFrames(row: SocketRow) async throws {
        guard let events = try await Self.eventsToTheEnd(.init(frames: row.frames)) else { return }
        #expect(row.matches(events), "events: \(events.map { "\($0)".prefix(300) })")
    }

    @Test("frames that arrive in the same read as the 101 answer are read, not lost")
    func framesWithTheUpgrade() async throws {
        guard let events = try await Self.eventsToTheEnd(.init(texts: [Self.welcome, Self.finish]).withFramesInTheUpgrade())
        else { return }
        #expect(Self.endedFinished(events), "events: \(events.map { "\($0)".prefix(300) })")
    }

    @Test("a refusal read together with the 101, the close frame and the FIN is reported, and the socket ends at once")
    func refusalWithTheUpgradeAndTheEnd() async throws {
        let refusal = #"{"type":"error","code":"already-joined","message":"user \"ann\" is already connected to this game"}"#
        let close = HostileWebSocketPeer.Frame(opcode: 0x8, payload: [0x03, 0xE8] + Array("game over".utf8))
        // Pings far away: before the fix the socket read nothing more after the upgrade and noticed only when
        // its first ping failed, so within the bound below it would not end at all.
        var limits = TriviaConnectionLimits.standard
        limits.pingInterval = .seconds(120)
        guard let events = try await Self.eventsToTheEnd(
            .init(frames: [.text(refusal), close]).withFramesInTheUpgrade(thenEnd: true), limits: limits, within: .seconds(30))
        else { return }
        #expect(events.contains { if case .handled(.received(.error(let error), _), _, _) = $0 { error.code == .alreadyJoined } else { false } },
                "events: \(events.map { "\($0)".prefix(300) })")
        #expect(Self.lost(because: "the server closed the socket (normalClosure)")(events),
                "events: \(events.map { "\($0)".prefix(300) })")
    }

    @Test("a 100 KiB finish in one frame (within the 1 MiB message limit) is read, not refused")
    func largeSingleFrame() async throws {
        let standings = (0..<1_200).map { #"{"user":"user\#($0)","score":0,"role":"player","rank":\#($0 + 1),"left":false}"# }
        let finish = #"{"type":"finish","standings":[\#(standings.joined(separator: ","))]}"#
        #expect(finish.utf8.count > 64 << 10)
        let peer = try HostileWebSocketPeer(.init(texts: [Self.welcome, finish]))
        defer { peer.stop() }
        let connection = try await TriviaConnection.open(baseURL: try peer.baseURL, user: "ann")
        let outcome = await HangGuard.run(within: HostileRow.bound) { _ = try await connection.standings() }
        guard case .returned = outcome else {
            Issue.record("expected the standings, got \(outcome)")
            return
        }
        #expect(try await connection.standings().count == 1_200)
    }
}
