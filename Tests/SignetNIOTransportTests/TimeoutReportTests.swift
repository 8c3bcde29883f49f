import Foundation
import HTTPTypes
import Signet
import SignetNIOTransport
import SignetTestSupport
import Synchronization
import Testing

/// A timeout of `NIOTransport` names the time the attempt was given, however much of it connecting took.
@Suite("NIOTransport: timeouts")
struct TimeoutReportTests {
    @Test("a server that never answers: the timeout names the transport's timeout, not the time left after connecting")
    func namesTheTimeGiven() async throws {
        let peer = try HostileHTTPPeer { _ in [.stall] }
        defer { peer.stop() }
        let transport = NIOTransport(timeout: .milliseconds(300))
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(try peer.baseURL.port ?? 0)", path: "/silent")
        let outcome = await HangGuard.run(within: HostileRow.bound) {
            _ = try await transport.send(request, body: .empty, baseURL: try peer.baseURL)
        }
        let (after, error) = try Self.timeout(outcome)
        #expect(after == .milliseconds(300), "\(error)")
        await transport.shutdown()
    }

    /// The timeout `outcome` ended in, and the error that named it; the test fails when it ended otherwise.
    static func timeout(_ outcome: HangGuard.Outcome) throws -> (Duration, SignetError) {
        let error = try #require(outcome.error as? SignetError, "\(outcome)")
        guard case .timeout(let after) = error.kind else { throw NotATimeout(error: error) }
        return (after, error)
    }

    /// A client of `peer` over `transport` retrying within `budget`, each attempt with a 30 s timeout.
    static func retryingClient(_ peer: HostileHTTPPeer, transport: NIOTransport, budget: Duration) throws -> SignetClient {
        SignetClient(baseURL: try peer.baseURL, transport: transport, middleware: [
            RetryMiddleware(maxAttempts: 3, maxTotalTime: budget, baseDelay: .milliseconds(10)),
            TimeoutMiddleware(defaultTimeout: .seconds(30)),
        ])
    }

    @Test("retry's budget bounds the retries too: a retry that hangs ends at the budget's end, not its own 30 s timeout")
    func retryBudgetBoundsAttempts() async throws {
        let answered = Mutex(0)
        // The first attempt is a 503 (retried); every later one is never answered.
        let peer = try HostileHTTPPeer { _ in
            answered.withLock { count in
                count += 1
                return count == 1 ? HostileHTTPPeer.response("{}", status: 503) : [.stall]
            }
        }
        defer { peer.stop() }
        let transport = NIOTransport()
        let client = try Self.retryingClient(peer, transport: transport, budget: .milliseconds(500))
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/flaky")
        // Before: the retry had the timeout's 30 s of its own, past this bound.
        let outcome = await HangGuard.run(within: .seconds(20)) {
            _ = try await client.send(request, context: client.makeContext(operation: "flaky"))
        }
        let (after, error) = try Self.timeout(outcome)
        #expect(after <= .milliseconds(500), "\(error)")
        #expect(peer.requests(to: "/flaky") == 2)
        await transport.shutdown()
    }

    @Test("the first attempt keeps its own timeout, longer than retry's budget: a slow answer within it is read")
    func firstAttemptKeepsItsTimeout() async throws {
        let peer = try HostileHTTPPeer { _ in [.pause(.milliseconds(700))] + HostileHTTPPeer.response("{}") }
        defer { peer.stop() }
        let transport = NIOTransport()
        let client = try Self.retryingClient(peer, transport: transport, budget: .milliseconds(200))
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/slow")
        let (response, _) = try await client.send(request, context: client.makeContext(operation: "slow"))
        #expect(response.status == .ok)
        await transport.shutdown()
    }

    @Test("a server that never completes the handshake (its listen queue full): connecting counts against the timeout")
    func connectingCounts() async throws {
        let queue = try FullListenQueue()
        defer { queue.close() }
        let transport = NIOTransport(timeout: .milliseconds(300))
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(queue.port)", path: "/unanswered")
        let outcome = await HangGuard.run(within: HostileRow.bound) {
            _ = try await transport.send(request, body: .empty, baseURL: try #require(URL(string: "http://127.0.0.1:\(queue.port)")))
        }
        // Before: the connection was waited for 10 s whatever the timeout, and failed as a transport error.
        let (after, error) = try Self.timeout(outcome)
        #expect(after == .milliseconds(300), "\(error)")
        await transport.shutdown()
    }
}

/// An exchange that ended in another error than the timeout a test expected.
private struct NotATimeout: Error, CustomStringConvertible {
    let error: SignetError
    var description: String { "expected a timeout, got \(error)" }
}
