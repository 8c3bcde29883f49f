import Foundation
import Signet
import SignetGameSystem
import SignetTestSupport
import Testing
import SignetTransportTestSupport

/// `GameSystemClient` against ``HostileHTTPPeer``, a raw-socket server that shares no code with the
/// reference server: one row per hostile answer to `GET /acme/client/players/ann`, each with the typed
/// error it must end in, over all three transports. The limits under test: a 3 s attempt timeout, 3 attempts
/// (idempotent GET), one clock-skew retry, a 1 MiB response limit. Every call is bounded by
/// ``HostileRow/bound`` (a hang guard, not a stopwatch).
@Suite("GameSystem against a hostile peer")
struct HostileGameSystemPeerTests {
    static let limit = 1 << 20
    static let playerPath = "/acme/client/players/ann"

    static func player(amount: String = "1", id: String = "\"7\"") -> String {
        #"{"id":\#(id),"nickname":"Ann","point_types":[{"name":"points","amount":\#(amount)}],"achievements":[],"avatar":{}}"#
    }

    static func kind(_ predicate: @escaping @Sendable (SignetError.Kind) -> Bool) -> @Sendable (any Error) -> Bool {
        { error in (error as? SignetError).map { predicate($0.kind) } ?? false }
    }

    static func decoding(at path: String) -> @Sendable (any Error) -> Bool {
        kind { if case .decoding(let found, _) = $0 { found == path } else { false } }
    }

    static let bodyTooLarge = kind { if case .bodyTooLarge(let limit, _) = $0 { limit == HostileGameSystemPeerTests.limit } else { false } }
    static let timeout = kind { if case .timeout(.seconds(3)) = $0 { true } else { false } }
    static let transport = kind { if case .transport = $0 { true } else { false } }
    static let unauthorized = kind { if case .httpStatus(let status, _, _) = $0 { status.code == 401 } else { false } }

    static func unauthorized(date: String) -> [HostileHTTPPeer.Step] {
        HostileHTTPPeer.response(#"{"error_message":"bad signature"}"#, status: 401, headers: [("Date", date)])
    }

    static let rows: [HostileRow] = [
        HostileRow("JSON arrays nested 100 000 deep", expected: "SignetError.decoding",
                   mentions: ["$.id[0][0]", "deeper than 512 levels", "(byte 517)"],
                   matches: kind { if case .decoding(let path, _) = $0 { path.hasPrefix("$.id[0]") } else { false } },
                   answer: { _ in HostileHTTPPeer.response(#"{"id":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}") }),
        HostileRow("a true Content-Length of 40 MiB, the body streamed", expected: "SignetError.bodyTooLarge",
                   mentions: ["limit of \(limit) bytes"], matches: bodyTooLarge,
                   answer: { _ in HostileRow.declaredBomb(40 << 20) }),
        HostileRow("a chunked body that never ends", expected: "SignetError.bodyTooLarge",
                   mentions: ["limit of \(limit) bytes"], matches: bodyTooLarge,
                   answer: { _ in HostileRow.endlessChunked() }),
        HostileRow("headers, then silence on an open connection", expected: "SignetError.timeout",
                   mentions: ["timed out after 3 s"], attempts: 3...3, matches: timeout,
                   answer: { _ in HostileRow.headersThenStall() }),
        HostileRow("Content-Length: 4096, 20 bytes, then close", expected: "SignetError.transport",
                   mentions: ["transport failure"], attempts: 3...3, matches: transport,
                   answer: { _ in HostileRow.cutShort(#"{"id":"7","nickname""#) }),
        HostileRow("an amount that is a string", expected: "SignetError.decoding",
                   mentions: ["$.point_types[0].amount", "expected a number"],
                   matches: decoding(at: "$.point_types[0].amount"),
                   answer: { _ in HostileHTTPPeer.response(player(amount: #""12""#)) }),
        HostileRow("an amount of 2^64", expected: "SignetError.decoding",
                   mentions: ["$.point_types[0].amount", "beyond the 64-bit integer range"],
                   matches: decoding(at: "$.point_types[0].amount"),
                   answer: { _ in HostileHTTPPeer.response(player(amount: "18446744073709551616")) }),
        HostileRow("an id of 10^30", expected: "SignetError.decoding", mentions: ["$.id"],
                   matches: decoding(at: "$.id"),
                   answer: { _ in HostileHTTPPeer.response(player(id: "1000000000000000000000000000000")) }),
        HostileRow("401 with Date: Fri, 31 Dec 9999 23:59:59 GMT (ignored: implausible)", expected: "SignetError.httpStatus(401)",
                   mentions: ["HTTP 401"], matches: unauthorized,
                   answer: { _ in unauthorized(date: "Fri, 31 Dec 9999 23:59:59 GMT") }),
        HostileRow("401 with Date: garbage (ignored: unparseable)", expected: "SignetError.httpStatus(401)",
                   mentions: ["HTTP 401"], matches: unauthorized,
                   answer: { _ in unauthorized(date: "yesterday, around noon") }),
        HostileRow("401 with a Date one hour ahead, every time (learned, one retry, no loop)",
                   expected: "SignetError.httpStatus(401)", mentions: ["HTTP 401"], attempts: 2...2, matches: unauthorized,
                   answer: { _ in unauthorized(date: HTTPDateText.format(Date().addingTimeInterval(3_600))) }),
    ]

    @Test("a hostile answer ends in a typed error, within the bound, with bounded reading",
          arguments: rows, TransportKind.allCases)
    func hostile(row: HostileRow, transport: TransportKind) async throws {
        let peer = try HostileHTTPPeer(row.answer)
        defer { peer.stop() }
        let offsets = ClockOffsetStore()
        let client = GameSystemClient(
            baseURL: try peer.baseURL, tenant: "acme",
            credentials: try GameSystemCredentials(apiKey: DemoKey.client.apiKey, secret: DemoKey.client.secret),
            transport: transport.make(maxResponseBytes: Self.limit),
            options: .init(clockOffsets: offsets, retry: .fast, timeout: row.attemptTimeout(.seconds(3)), logger: .quiet)
        ).forPlayer("ann")
        let outcome = await HangGuard.run(within: HostileRow.bound) { _ = try await client.player() }
                await row.check(outcome, peer: peer, path: Self.playerPath, limit: transport.hangsUpAtLimit ? Self.limit : nil)
        #expect((outcome.error as? SignetError)?.operation == "gamesystem.player")
        // An absurd or unreadable Date teaches nothing; a plausible one is learned (and retried once).
        let learned = offsets.offset(forHost: "127.0.0.1:\(try peer.baseURL.port ?? 0)")
        if row.sends.contains("one hour ahead") {
            #expect(learned.map { abs($0 - 3_600) < 60 } == true, "learned \(String(describing: learned))")
        } else {
            #expect(learned == nil, "learned \(String(describing: learned))")
        }
    }
}

/// IMF-fixdate written out here (the library's formatter is package-internal).
enum HTTPDateText {
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
