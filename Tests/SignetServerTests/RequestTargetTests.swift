import Foundation
import HTTPTypes
import Signet
import SignetTestSupport
import SignetTransportTestSupport
import Synchronization
import Testing

/// A signed request must reach the server with the target it was signed with. URLSession and
/// AsyncHTTPClient re-encode a target that RFC 3986 does not allow (measured: `[` → `%5B`, `%zz` → `%25zz`,
/// a space → `%20`, a `#fragment` dropped), which breaks the signature, and NIO refuses it; so `SignetClient`
/// refuses it first, on every transport, and a valid target is sent byte for byte.
@Suite("Request targets, on every transport")
struct RequestTargetTests {
    /// Paths no transport sends unchanged, and the text the refusal must name.
    static let refused: [(path: String, names: String)] = [
        ("/players/ann smith", "a space at byte 12"),
        ("/a\r\nX-Evil: 1", "a space at byte 2"),  // swift-http-types turns CR and LF into spaces
        ("/caf\u{e9}", "the byte 0xC3 at byte 4"),
        ("/a\u{7f}b", "at byte 2"),
        ("/items?filter[name]=x", "'[' at byte 13"),
        ("/a|b", "'|' at byte 2"),
        ("/a{b}", "'{' at byte 2"),
        ("/a\"b", "'\"' at byte 2"),
        ("/a<b>", "'<' at byte 2"),
        ("/a\\b", "'\\' at byte 2"),
        ("/a^b", "'^' at byte 2"),
        ("/a`b", "'`' at byte 2"),
        ("/page#section", "'#' at byte 5"),
        ("/100%zz", "'%' at byte 4"),
        ("/a%2", "'%' at byte 2"),
        ("/a?q=c d", "a space at byte 6"),
    ]

    @Test("a path a transport would rewrite is refused before anything is sent, naming the character and its byte",
          arguments: refused.map(\.path), TransportKind.allCases)
    func refusedTarget(path: String, transport: TransportKind) async throws {
        let names = try #require(Self.refused.first { $0.path == path }?.names)
        let peer = try HostileHTTPPeer { _ in HostileHTTPPeer.response("{}") }
        defer { peer.stop() }
        let client = SignetClient(baseURL: try peer.baseURL, transport: transport.make(), middleware: SignetClient.defaultMiddleware())
        var request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/")
        request.path = path
        do {
            _ = try await client.send(request, context: client.makeContext(operation: "target"))
            Issue.record("sent")
        } catch let error as SignetError {
            guard case .invalidRequest(let reason) = error.kind else {
                Issue.record("not an invalid request: \(error)")
                return
            }
            #expect(reason.contains(names), "\(reason)")
        }
        #expect(peer.connectionsAccepted == 0)
    }

    @Test("a valid target is sent byte for byte: every sub-delimiter, escapes in either case, an empty query",
          arguments: ["/!$&'()*+,;=:@-._~/x?y=/?:@!$&'()*+,;=", "/a%20b%2Fc%2fd?q=%C3%A9", "/a?", "/"], TransportKind.allCases)
    func sentAsIs(path: String, transport: TransportKind) async throws {
        let seen = Mutex<[String]>([])
        let peer = try HostileHTTPPeer { request in
            seen.withLock { $0.append(request.target) }
            return HostileHTTPPeer.response("{}")
        }
        defer { peer.stop() }
        let client = SignetClient(baseURL: try peer.baseURL, transport: transport.make(), middleware: [])
        var request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/")
        request.path = path
        let (response, _) = try await client.send(request, context: client.makeContext(operation: "target"))
        #expect(response.status.code == 200)
        #expect(seen.withLock { $0 } == [path])
    }
}
