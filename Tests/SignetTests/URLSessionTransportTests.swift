import Foundation
import HTTPTypes
import Signet
import SignetURLSession
import Testing

@Suite("URLSessionTransport over loopback")
struct URLSessionTransportTests {
    let server: LoopbackHTTPServer

    init() throws {
        server = try LoopbackHTTPServer()
    }

    func client(_ transport: SignetURLSessionTransport = SignetURLSessionTransport()) -> SignetClient {
        SignetClient(baseURL: server.baseURL, transport: transport, middleware: [DefaultHeadersMiddleware()])
    }

    func echo(_ request: HTTPRequest, body: Body = .empty) async throws -> EchoReport {
        defer { server.stop() }
        let client = client()
        let (response, responseBody) = try await client.send(request, body: body, operation: "echo")
        #expect(response.status == .ok)
        return try await client.decodeJSON(EchoReport.self, from: responseBody)
    }

    @Test("a GET arrives with its path, query and headers")
    func get() async throws {
        let report = try await echo(.make(.get, "/echo?x=1", [("X-Test", "yes")]))
        #expect(report.method == "GET")
        #expect(report.target == "/v1/echo?x=1")
        #expect(report.headers["x-test"] == "yes")
        #expect(report.headers["user-agent"] == DefaultHeadersMiddleware.defaultUserAgent)
        #expect(report.bodyLength == 0)
    }

    @Test("an in-memory body arrives whole")
    func bytesBody() async throws {
        let bytes = pseudoRandomBytes(10_000, seed: 3)
        let report = try await echo(.make(.post, "/echo"), body: Body(bytes))
        #expect(report.method == "POST")
        #expect(report.bodyLength == bytes.count)
        #expect(report.bodyHash == FNV1a.of(bytes))
    }

    @Test("a file body of a few MiB is uploaded from the file, with its Content-Length")
    func fileBody() async throws {
        let bytes = pseudoRandomBytes(3 * 1024 * 1024 + 7, seed: 11)
        let file = try TemporaryFile(bytes: bytes)
        let report = try await echo(.make(.put, "/echo"), body: try Body.file(path: file.path))
        #expect(report.method == "PUT")
        #expect(report.bodyLength == bytes.count)
        #expect(report.bodyHash == FNV1a.of(bytes))
        #expect(report.headers["content-length"] == String(bytes.count))
    }

    @Test("a non-2xx answer is returned as a response, and checkStatus reads its error_message")
    func errorStatus() async throws {
        defer { server.stop() }
        let client = client()
        let (response, body) = try await client.send(.make(.get, "/status/422"), operation: "status")
        #expect(response.status.code == 422)
        #expect(response.headerFields[.date] != nil)
        let error = await signetError { try await client.checkStatus(response, body: body, operation: "status") }
        guard case .httpStatus(_, let message, _)? = error?.kind else {
            Issue.record("expected httpStatus, got \(String(describing: error))")
            return
        }
        #expect(message == "status 422 as asked")
    }

    @Test("a response larger than the limit fails with bodyTooLarge")
    func responseLimit() async throws {
        defer { server.stop() }
        let error = await signetError {
            _ = try await client(SignetURLSessionTransport(maxResponseBytes: 1024)).send(.make(.get, "/large"), operation: "large")
        }
        #expect(error?.kind.name == "bodyTooLarge")
    }

    @Test("the limit is enforced while reading: 100 KiB of a promised 10 MiB, then a stall, fails at once as bodyTooLarge")
    func responseLimitWhileReading() async throws {
        defer { server.stop() }
        // The default session waits 60 s for the rest; a transport that checked the limit only after the whole
        // body would end in that timeout instead of bodyTooLarge.
        let transport = SignetURLSessionTransport(maxResponseBytes: 1024)
        let error = await signetError {
            _ = try await client(transport).send(.make(.get, "/large-then-stall"), operation: "large")
        }
        #expect(error?.kind.name == "bodyTooLarge")
        guard case .bodyTooLarge(let limit, let actual)? = error?.kind else { return }
        #expect(limit == 1024)
        // Refused on the announced Content-Length (10 MiB) or on the chunk that passed the limit.
        #expect(actual == 10 * 1024 * 1024 || (actual ?? 0) > 1024 && (actual ?? .max) <= 100 * 1024)
    }

    @Test("a refused connection is a transport failure")
    func refused() async throws {
        server.stop()  // nothing listens on this port any more
        let error = await signetError { _ = try await client().send(.make(.get, "/echo"), operation: "refused") }
        #expect(error?.kind.name == "transport")
        #expect(error?.description.contains("refused GET /v1/echo: transport failure") == true)
    }

    @Test("cancelling the caller cancels the URLSession task and surfaces as SignetError.cancelled")
    func cancellation() async throws {
        defer { server.stop() }
        let client = client()
        let call = Task { try await client.send(.make(.get, "/hang"), operation: "hang") }
        for await _ in server.hangs { break }
        call.cancel()
        let result = await call.result
        guard case .failure(let error as SignetError) = result else {
            Issue.record("expected SignetError.cancelled, got \(result)")
            return
        }
        #expect(error.isCancellation)
    }

    @Test("the timeout middleware abandons a URLSession request that does not answer")
    func timeout() async throws {
        defer { server.stop() }
        let hangs = server.hangs
        // The timer fires once the server has the request: deterministic, no real waiting.
        let timeout = TimeoutMiddleware(defaultTimeout: .seconds(30)) { _ in
            for await _ in hangs { return }
        }
        let client = SignetClient(baseURL: server.baseURL, transport: SignetURLSessionTransport(), middleware: [timeout])
        let error = await signetError { _ = try await client.send(.make(.get, "/hang"), operation: "hang") }
        #expect(error?.kind.name == "timeout")
    }
}
