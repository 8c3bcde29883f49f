import Foundation
import SignetTestSupport
import Testing

/// A chunked body that passes the limit while it is still arriving: the 413 comes, and the connection is not
/// left stuck. Over a raw socket, so that where the 413 comes at once, the rest of the body and the next request
/// are sent only after it is in (the order a loaded machine produced once, and Vapor's connection then hung).
@Suite("A body past the limit, refused while it streams: every adapter and the reference server")
struct OversizedStreamTests {
    /// Every environment with the body kept for the route, and every adapter with it only hashed.
    static let cases: [(ConformanceEnvironment, keepsBody: Bool)] =
        ConformanceEnvironment.allCases.map { ($0, true) }
        + ConformanceEnvironment.allCases.filter { $0 != .reference }.map { ($0, false) }

    /// Whether `environment` answers while the body still arrives. The OpenAPI middleware reads the rest first:
    /// it cannot tell whether its transport may be left a body half read (swift-openapi-vapor may not).
    static func answersAtOnce(_ environment: ConformanceEnvironment) -> Bool {
        environment != .openAPI && environment != .openAPIOnVapor
    }

    @Test("413 (at once, but from the OpenAPI middleware); then the connection is closed, or the rest of the body is read and the next request answered",
          arguments: cases)
    func refusedThenNextRequest(_ environment: ConformanceEnvironment, keepsBody: Bool) async throws {
        var setup = try ConformanceSetup.inMemory(explains: false)
        setup.keepsBody = keepsBody
        let server = try await environment.start(setup)
        do {
            let socket = try RawClientSocket(port: try #require(server.baseURL.port))
            defer { socket.close() }
            let request = try WireRequest.signed("POST", body: [UInt8](repeating: 68, count: 4 * ConformanceSetup.maxBodyBytes))
            var head = "POST \(request.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
            for (name, value) in request.headers { head += "\(name): \(value)\r\n" }
            // Chunks of 256 bytes: five (past the limit), then, once the 413 is here where it comes at once, the
            // other eleven and an unsigned GET on the same connection (a request of its own: 401).
            let chunk = Array("100\r\n".utf8) + [UInt8](repeating: 68, count: 256) + Array("\r\n".utf8)
            var first = Array((head + "\r\n").utf8)
            for _ in 0..<5 { first += chunk }
            var rest: [UInt8] = []
            for _ in 5..<16 { rest += chunk }
            rest += Array("0\r\n\r\nGET \(ConformanceSetup.echoPath) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
            #expect(socket.send(first))
            var early = ""
            if Self.answersAtOnce(environment) {
                early = await socket.readHead(within: SlowClientScenarios.servedUnderSuiteLoad).text
                #expect(early.hasPrefix("HTTP/1.1 413"), "no 413 while the body was arriving: \(early.prefix(200))")
            }
            _ = socket.send(rest)  // a server that closed after its 413 may refuse it
            // Served requests, not bounds under test: they may wait for a thread while the whole suite starts.
            let read = await socket.readUntilClosed(within: SlowClientScenarios.servedUnderSuiteLoad)
            let (closed, text) = (read.closed, early + read.text)
            #expect(closed, "the connection hangs: \(text.prefix(400))")
            #expect(text.hasPrefix("HTTP/1.1 413"), "\(text.prefix(400))")
            // Either the server closed after its 413, or it read the rest of the body and answered the GET.
            let answers = text.components(separatedBy: "HTTP/1.1 ").count - 1
            #expect(answers == 1 ? text.lowercased().contains("connection: close") : text.contains("HTTP/1.1 401"),
                    "\(text.prefix(600))")
            #expect(!text.contains("HTTP/1.1 400"), "the body's rest was read as a request: \(text.prefix(600))")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
