import Foundation
import HTTPTypes
import Signet
import SignetAsyncHTTPClient
import SignetTestSupport
import Testing

/// `SignetAsyncHTTPClientTransport`'s timeouts name the limit that fired.
@Suite("AsyncHTTPClient transport: timeouts")
struct AsyncHTTPClientTimeoutTests {
    @Test("a connect timeout of the client's own names the time it took, not the transport's deadline, which had not passed")
    func connectTimeoutNamesItsTime() async throws {
        let queue = try FullListenQueue()
        defer { queue.close() }
        let http = SignetAsyncHTTPClientTransport.makeHTTPClient { $0.timeout.connect = .milliseconds(200) }
        let transport = SignetAsyncHTTPClientTransport(client: http, timeout: .seconds(30))
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(queue.port)", path: "/unanswered")
        let outcome = await HangGuard.run(within: HostileRow.bound) {
            _ = try await transport.send(request, body: .empty, baseURL: try #require(URL(string: "http://127.0.0.1:\(queue.port)")))
        }
        try await http.shutdown()
        let error = try #require(outcome.error as? SignetError, "\(outcome)")
        guard case .timeout(let after) = error.kind else {
            Issue.record("expected a timeout, got \(error)")
            return
        }
        // Before: "timed out after 30 s", the deadline, after 200 ms.
        #expect(after >= .milliseconds(200) && after < .seconds(10), "\(error)")
    }
}
