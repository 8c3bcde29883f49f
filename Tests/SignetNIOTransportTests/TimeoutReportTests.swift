import Foundation
import HTTPTypes
import Signet
import SignetNIOTransport
import SignetTestSupport
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
        let error = try #require(outcome.error as? SignetError, "\(outcome)")
        guard case .timeout(let after) = error.kind else {
            Issue.record("expected a timeout, got \(error)")
            return
        }
        #expect(after == .milliseconds(300), "\(error)")
        await transport.shutdown()
    }
}
