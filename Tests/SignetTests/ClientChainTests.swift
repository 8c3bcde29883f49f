import Foundation
import HTTPTypes
import Signet
import Testing

@Suite("Client chain")
struct ClientChainTests {
    @Test("middleware run 1…n on the way out and n…1 on the way back")
    func order() async throws {
        let log = EventLog()
        let transport = RecordingTransport()
        let client = makeClient(transport, ["A", "B", "C"].map { RecordingMiddleware(name: $0, log: log) })
        _ = try await client.send(.make(.get, "/x"), operation: "order")
        #expect(log.all == ["→A", "→B", "→C", "←C", "←B", "←A"])
        #expect(transport.sent.count == 1)
    }

    @Test("a short-circuiting middleware answers without the rest of the chain")
    func shortCircuit() async throws {
        struct Offline: SignetMiddleware {
            func intercept(_ request: HTTPRequest, body: Body, context: CallContext,
                           next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
            ) async throws -> (HTTPResponse, Body) {
                (HTTPResponse(status: .serviceUnavailable), Body("offline"))
            }
        }
        let log = EventLog()
        let transport = RecordingTransport()
        let client = makeClient(transport, [Offline(), RecordingMiddleware(name: "after", log: log)])
        let (response, body) = try await client.send(.make(.get, "/x"), operation: "offline")
        #expect(response.status == .serviceUnavailable)
        #expect(try await body.collect(upTo: 100) == Array("offline".utf8))
        #expect(log.all.isEmpty)
        #expect(transport.sent.isEmpty)
    }

    @Test("a relative request is made absolute against the base URL before the chain runs")
    func resolvesAgainstBaseURL() async throws {
        let transport = RecordingTransport()
        let client = makeClient(transport, [])
        _ = try await client.send(.make(.get, "/acme/client/players/ann?x=1"), operation: "resolve")
        let sent = try #require(transport.sent.first)
        #expect(sent.request.scheme == "https")
        #expect(sent.request.authority == "api.example.test")
        #expect(sent.request.path == "/v1/acme/client/players/ann?x=1")
    }

    @Test("a base URL with a port keeps it in the authority")
    func baseURLPort() async throws {
        let transport = RecordingTransport()
        let url = try #require(URL(string: "http://127.0.0.1:8080/"))
        let client = SignetClient(baseURL: url, transport: transport, middleware: [])
        _ = try await client.send(.make(.get, "/p"), operation: "port")
        #expect(transport.sent.first?.request.authority == "127.0.0.1:8080")
        #expect(transport.sent.first?.request.path == "/p")
    }

    @Test("errors leave with the operation, method and path (query removed) filled in")
    func errorContext() async throws {
        let transport = RecordingTransport([.failure(SignetError(.transport(underlying: URLError(.cannotConnectToHost))))])
        let client = makeClient(transport, [])
        let error = await signetError {
            _ = try await client.send(.make(.post, "/players?token=abc"), operation: "createPlayer")
        }
        #expect(error?.kind.name == "transport")
        #expect(error?.operation == "createPlayer")
        #expect(error?.method == .post)
        #expect(error?.path == "/v1/players")
        let text = error.map(String.init(describing:)) ?? ""
        #expect(text.contains("createPlayer POST /v1/players: transport failure"))
        #expect(!text.contains("abc"))
    }

    @Test("a base URL without a host is an invalid request, not a crash")
    func badBaseURL() async throws {
        let client = SignetClient(baseURL: URL(fileURLWithPath: "/tmp"), transport: RecordingTransport(), middleware: [])
        let error = await signetError { _ = try await client.send(.make(.get, "/x"), operation: "bad") }
        #expect(error?.kind.name == "invalidRequest")
    }

    @Test("default headers and User-Agent are added only when absent")
    func defaultHeaders() async throws {
        let transport = RecordingTransport()
        var defaults = HTTPFields()
        defaults[.accept] = "application/json"
        defaults[.contentType] = "application/json"
        let client = makeClient(transport, [DefaultHeadersMiddleware(headerFields: defaults)])
        _ = try await client.send(.make(.get, "/x", [("Content-Type", "text/plain")]), operation: "headers")
        let sent = try #require(transport.sent.first?.request)
        #expect(sent.header("User-Agent") == "Signet/\(SignetVersion.current) (Linux; Swift)")
        #expect(sent.header("Accept") == "application/json")
        #expect(sent.headerFields[values: .contentType] == ["text/plain"])
    }

    @Test("the default signed chain runs headers, retry, clock skew, signing, logging, timeout in that order")
    func defaultChainOrder() {
        let chain = SignetClient.defaultMiddleware(signer: StampingSigner(), clockOffsets: ClockOffsetStore())
        let names = chain.map { String(describing: type(of: $0)) }
        #expect(names == ["DefaultHeadersMiddleware", "RetryMiddleware", "ClockSkewMiddleware",
                          "SigningMiddleware<StampingSigner>", "LoggingMiddleware", "TimeoutMiddleware"])
        let unsigned = SignetClient.defaultMiddleware(timeout: nil).map { String(describing: type(of: $0)) }
        #expect(unsigned == ["DefaultHeadersMiddleware", "RetryMiddleware", "LoggingMiddleware"])
    }

    @Test("context values carry typed data between middleware")
    func contextValues() {
        enum TraceID: CallContextKey { typealias Value = String }
        enum Count: CallContextKey { typealias Value = Int }
        var context = CallContext(operation: "values")
        context.values[TraceID.self] = "abc"
        #expect(context.values[TraceID.self] == "abc")
        #expect(context.values[Count.self] == nil)
    }
}
