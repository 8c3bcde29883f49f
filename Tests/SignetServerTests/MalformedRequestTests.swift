import Foundation
import SignetServer
import SignetTestSupport
import Testing

/// The reference server under requests NIO's decoder refuses (issue 28): each is answered (400, or 431
/// for a head too large) with `Connection: close`, and the connection is closed; none is left hanging.
@Suite("Reference server: malformed requests are answered and closed")
struct MalformedRequestTests {
    static let rows = MalformedRequest.all(get: "/capabilities", post: "/echo")

    @Test("answered and closed", arguments: rows)
    func answeredAndClosed(_ row: MalformedRequest) async throws {
        try await withReferenceServer { server in
            try await SlowClientScenarios.malformed(row, port: server.port)
            // The server is unharmed.
            #expect(try await SlowClientScenarios.plainGet(port: server.port, path: "/capabilities", within: .seconds(5)) == 200)
        }
    }
}
