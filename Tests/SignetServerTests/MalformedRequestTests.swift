import Foundation
import SignetServer
import SignetTestSupport
import Testing

/// The reference server under requests NIO's decoder refuses (issue 28): each is answered (400, or 431
/// for a head too large) with `Connection: close`, and the connection is closed; none is left hanging.
@Suite("Reference server: malformed requests are answered and closed")
struct MalformedRequestTests {
    static let rows = MalformedRequest.all(get: "/capabilities", post: "/echo")

    @Test("a 4 MiB header line, more than socket buffers hold, is drained: the client sends it all and reads 431")
    func drained() async throws {
        try await withReferenceServer { server in
            let row = MalformedRequest.headerLine(ofSize: 4 << 20, path: "/capabilities")
            let socket = try RawClientSocket(port: server.port)
            defer { socket.close() }
            async let sent = socket.sendInBackground(row.bytes)
            let read = await socket.readUntilClosed(within: SlowClientScenarios.hangGuard)
            #expect(await sent, "the server stopped reading before the request was sent")
            #expect(read.status == 431 && read.closed, "\(read.text.prefix(200))")
        }
    }

    @Test("answered and closed", arguments: rows)
    func answeredAndClosed(_ row: MalformedRequest) async throws {
        try await withReferenceServer { server in
            try await SlowClientScenarios.malformed(row, port: server.port)
            // The server is unharmed.
            #expect(try await SlowClientScenarios.plainGet(port: server.port, path: "/capabilities", within: .seconds(5)) == 200)
        }
    }
}
