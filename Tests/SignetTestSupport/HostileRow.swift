import Foundation
import Testing

/// One row of a hostile-peer table: what the peer answers, the typed error the client must end in (its
/// kind, matched by `matches`, and the key texts its description must name: a limit, a path, an offset),
/// and how many requests the peer may see (retries are bounded).
public struct HostileRow: Sendable, CustomTestStringConvertible {
    /// What the peer sends, in words.
    public let sends: String
    /// The answer, step by step.
    public let answer: @Sendable (HostileHTTPPeer.Request) -> [HostileHTTPPeer.Step]
    /// The expected error's type and case, in words.
    public let expected: String
    /// Whether an error is of the expected type and case.
    public let matches: @Sendable (any Error) -> Bool
    /// Texts the error's description must contain.
    public let mentions: [String]
    /// How many requests the peer may receive.
    public let attempts: ClosedRange<Int>

    public init(
        _ sends: String, expected: String, mentions: [String] = [], attempts: ClosedRange<Int> = 1...1,
        matches: @escaping @Sendable (any Error) -> Bool,
        answer: @escaping @Sendable (HostileHTTPPeer.Request) -> [HostileHTTPPeer.Step]
    ) {
        self.sends = sends
        self.answer = answer
        self.expected = expected
        self.matches = matches
        self.mentions = mentions
        self.attempts = attempts
    }

    public var testDescription: String { "\(sends) → \(expected)" }

    /// Records an issue unless `outcome` is this row's error within the hang guard, `peer` saw an allowed
    /// number of requests for `path`, and (when `limit` is given) the peer could write no more than the
    /// limit plus what loopback sockets buffer before the client hung up.
    ///
    /// The client may give up on its last attempt before the peer's thread has read that attempt's head
    /// (a loaded machine schedules the peer late), so the count is given up to ``countGrace`` to reach
    /// the lowest allowed number. A row that expects a timeout may see fewer requests than attempts: an
    /// attempt can time out before its request reaches the peer (CI saw URLSession open only two
    /// connections in three 3 s attempts on a loaded machine), so there only the upper bound, no endless
    /// retrying, is the peer's to judge; that a timed-out attempt is retried is `RetryMiddleware`'s test.
    public func check(
        _ outcome: HangGuard.Outcome, peer: HostileHTTPPeer, path: String, limit: Int? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        guard let error = outcome.error else {
            Issue.record("expected \(expected), the call ended with \(outcome)", sourceLocation: sourceLocation)
            return
        }
        let text = String(describing: error)
        #expect(matches(error), "expected \(expected), got \(type(of: error)): \(text)", sourceLocation: sourceLocation)
        for mention in mentions {
            #expect(text.contains(mention), "\(text.prefix(2_000)) does not mention \(mention)", sourceLocation: sourceLocation)
        }
        let waitUntil = ContinuousClock.now + Self.countGrace
        while peer.requests(to: path) < attempts.lowerBound, ContinuousClock.now < waitUntil {
            try? await Task.sleep(for: .milliseconds(20))
        }
        let requests = peer.requests(to: path)
        let allowed = expected == "SignetError.timeout" ? 1...attempts.upperBound : attempts
        #expect(allowed.contains(requests),
                "\(requests) requests to \(path), expected \(allowed) (\(peer.connectionsAccepted) connections accepted)",
                sourceLocation: sourceLocation)
        if let limit {
            #expect(peer.bytesSent <= limit + Self.socketSlack,
                    "the peer wrote \(peer.bytesSent) bytes before the client hung up (limit \(limit))",
                    sourceLocation: sourceLocation)
        }
    }

    /// The per-attempt timeout a client should get for this row: `short` when the row expects the timeout,
    /// else 30 s, so that on a loaded machine only the limit under test can decide the outcome.
    public func attemptTimeout(_ short: Duration) -> Duration {
        expected == "SignetError.timeout" ? short : .seconds(30)
    }

    /// How long ``check(_:peer:path:limit:sourceLocation:)`` lets the peer catch up on requests already sent.
    public static let countGrace = Duration.seconds(5)

    /// What loopback sockets may hold beyond what a client read (send and receive buffers, autotuned).
    public static let socketSlack = 16 << 20

    /// The hang guard for one row: generous, since the whole test suite shares two loaded cores.
    public static let bound = Duration.seconds(60)

    /// 64 KiB of spaces, the unit of the size bombs.
    public static let filler = [UInt8](repeating: UInt8(ascii: " "), count: 64 << 10)

    /// A response that declares `bytes` (and a content type), then streams that many bytes of filler.
    public static func declaredBomb(_ bytes: Int, contentType: String = "application/json") -> [HostileHTTPPeer.Step] {
        [HostileHTTPPeer.head(200, "OK", [("Content-Type", contentType), ("Content-Length", "\(bytes)")]),
         .repeated(filler, times: bytes / filler.count)]
    }

    /// A chunked response that streams 40 MiB and would go on if the peer did not give up.
    public static func endlessChunked(contentType: String = "application/json") -> [HostileHTTPPeer.Step] {
        let chunk = Array("10000\r\n".utf8) + filler + Array("\r\n".utf8)
        return [HostileHTTPPeer.head(200, "OK", [("Content-Type", contentType), ("Transfer-Encoding", "chunked")]),
                .repeated(chunk, times: 640)]
    }

    /// Headers promising a body, then silence on an open connection.
    public static func headersThenStall(contentType: String = "application/json") -> [HostileHTTPPeer.Step] {
        [HostileHTTPPeer.head(200, "OK", [("Content-Type", contentType), ("Content-Length", "200")]), .stall]
    }

    /// Headers promising 4 096 bytes, `prefix`, then the connection closed.
    public static func cutShort(_ prefix: String, contentType: String = "application/json") -> [HostileHTTPPeer.Step] {
        [HostileHTTPPeer.head(200, "OK", [("Content-Type", contentType), ("Content-Length", "4096")]), .bytes(Array(prefix.utf8))]
    }

    /// A 401 whose `Date` says year 9999 (what a client without clock-skew correction must just report).
    public static func unauthorizedFromYear9999() -> [HostileHTTPPeer.Step] {
        HostileHTTPPeer.response(#"{"error_message":"who are you"}"#, status: 401, headers: [("Date", "Fri, 31 Dec 9999 23:59:59 GMT")])
    }
}
