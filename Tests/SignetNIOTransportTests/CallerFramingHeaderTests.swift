import Foundation
import HTTPTypes
import Logging
import Signet
import SignetNIOTransport
import SignetTestSupport
import Testing

/// The header fields that frame a message or steer its connection are `NIOTransport`'s own: a caller's
/// copy is refused before anything is sent, and the default chain, which sets none of them, is unaffected.
@Suite("NIOTransport: caller framing headers")
struct CallerFramingHeaderTests {
    /// Each reserved field, spelt as a caller might, with a value that would contradict the transport's.
    static let reserved: [(name: String, value: String)] = [
        ("Host", "elsewhere.example"), ("Content-Length", "5"), ("transfer-encoding", "chunked"),
        ("Connection", "close"), ("Upgrade", "websocket"), ("TE", "trailers"),
    ]

    @Test("a request that sets a framing header is refused as invalidRequest naming it, and nothing is sent",
          arguments: reserved.map(\.name))
    func refused(name: String) async throws {
        let peer = try StrictHTTPPeer { _ in .init(bytes: StrictHTTPPeer.response(200, "ok")) }
        defer { peer.stop() }
        let fieldName = try #require(HTTPField.Name(name))
        let value = try #require(Self.reserved.first { $0.name == name }).value
        var request = HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1:\(try peer.baseURL.port ?? 0)", path: "/upload")
        request.headerFields[fieldName] = value
        let transport = NIOTransport(timeout: .seconds(30))
        do {
            _ = try await transport.send(request, body: Body("hello"), baseURL: try peer.baseURL)
            Issue.record("a request with \(name) was sent")
        } catch let error as SignetError {
            guard case .invalidRequest(let reason) = error.kind else {
                Issue.record("expected invalidRequest, got \(error)")
                return
            }
            #expect(reason.contains("sets \(name),"), "\(reason)")
            #expect(error.path == "/upload")
        }
        #expect(peer.connectionsAccepted == 0)
    }

    @Test("the default chain's request reaches the server with one Host, one Content-Length and its own fields")
    func defaultChainUnaffected() async throws {
        let peer = try StrictHTTPPeer { _ in .init(bytes: StrictHTTPPeer.response(200, "ok")) }
        defer { peer.stop() }
        // Deadlines far past the exchange: only the headers may decide this test, on however loaded a machine.
        let transport = NIOTransport(timeout: .seconds(30))
        let client = Client(baseURL: try peer.baseURL, transport: transport,
                            middleware: Client.defaultMiddleware(retry: RetryMiddleware(maxAttempts: 1), timeout: .seconds(30)),
                            logger: Logger(label: "signet.tests", factory: { _ in SwiftLogNoOpLogHandler() }))
        var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/events")
        request.headerFields[.contentType] = "application/json"
        let (response, body) = try await client.send(request, body: Body(#"{"a":1}"#), operation: "post")
        #expect(response.status.code == 200)
        #expect(try await body.collect(upTo: 100) == Array("ok".utf8))
        let seen = try #require(peer.requests.first)
        #expect(seen.headers.filter { $0.name.lowercased() == "host" }.map(\.value) == ["127.0.0.1:\(try peer.baseURL.port ?? 0)"])
        #expect(seen.headers.filter { $0.name.lowercased() == "content-length" }.map(\.value) == ["7"])
        #expect(seen.header("Content-Type") == "application/json")
        #expect(seen.header("User-Agent")?.hasPrefix("Signet/") == true)
        #expect(seen.header("Connection") == nil && seen.header("Transfer-Encoding") == nil)
        #expect(seen.bodyBytes == 7 && seen.complete)
    }
}
