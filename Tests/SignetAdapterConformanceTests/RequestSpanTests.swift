import Foundation
import Hummingbird
import InMemoryTracing
import SignetHummingbird
import SignetServer
import SignetVapor
import Testing
import Tracing
import Vapor

/// Verification in an app that traces its requests: each adapter records a refusal on the request's span, found
/// through the task's service context, and starts no span of its own. The request spans come from a middleware
/// that does what Hummingbird's and Vapor's `TracingMiddleware` do (a server span, its context bound for the
/// rest of the chain) with the test's tracer: theirs take the tracer `InstrumentationSystem` was bootstrapped
/// with, which a test process cannot bootstrap per test. Over real loopback HTTP.
@Suite("Verification on the request's span, in a traced Hummingbird or Vapor app")
struct RequestSpanTests {
    /// A signed GET (accepted: nothing recorded), a forged GET (decided at once, with the keys in a keyring)
    /// and a forged POST (verified in the handler's task).
    static let requests: [(name: String, request: WireRequest)] = {
        let forgedPost = try? WireRequest.signed("POST", body: Array("{}".utf8), secret: "not-the-secret")
        return [
            ("accepted GET", (try? WireRequest.signed("GET")) ?? WireRequest(method: "GET", headers: [])),
            ("forged GET", (try? WireRequest.signed("GET", secret: "not-the-secret")) ?? WireRequest(method: "GET", headers: [])),
            ("forged POST", forgedPost ?? WireRequest(method: "POST", headers: [])),
        ]
    }()

    @Test("Hummingbird gatekeeper: the refusals on the request spans, the accepted request adds nothing")
    func hummingbird() async throws {
        let tracer = InMemoryTracer()
        let router = Router(context: BasicRequestContext.self)
        router.group(":tenant/client").add(middleware: HummingbirdRequestSpan(tracer: tracer))
            .add(middleware: GameSystemVerificationMiddleware(verification: try Self.verification(tracer)))
            .on("echo", method: .get) { _, _ in "ok" }
            .on("echo", method: .post) { _, _ in "ok" }
        let server = try await HummingbirdServing.start(router)
        let statuses = try await Self.send(to: server)
        #expect(statuses == [200, 401, 401])
        Self.check(tracer.finishedSpans)
    }

    @Test("Vapor middleware: the refusals on the request spans, the accepted request adds nothing")
    func vapor() async throws {
        let tracer = InMemoryTracer()
        let verification = try Self.verification(tracer)
        let app = try await VaporHarness.startApp { app in
            let client = app.grouped(":tenant", "client").grouped(VaporRequestSpan(tracer: tracer))
                .grouped(GameSystemVaporMiddleware(verification: verification))
            client.get("echo") { _ in "ok" }
            client.post("echo") { _ in "ok" }
        }
        let server = try await VaporHarness.running(app)
        let statuses = try await Self.send(to: server)
        #expect(statuses == [200, 401, 401])
        Self.check(tracer.finishedSpans)
    }

    /// The table's options with the keys in a keyring and spans going to `tracer`.
    private static func verification(_ tracer: InMemoryTracer) throws -> GameSystemVerification {
        let setup = try ConformanceSetup.inMemory(explains: false, keyring: true)
        var options = setup.options
        options.tracer = tracer
        return GameSystemVerification(keys: setup.keys, options: options)
    }

    /// The statuses of ``requests``, sent in order; the server stopped after.
    private static func send(to server: RunningServer) async throws -> [Int] {
        var statuses: [Int] = []
        do {
            for (_, request) in requests { statuses.append(try await Wire.send(request, to: server.baseURL).status) }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        return statuses
    }

    /// Three request spans in order, no span of verification's own; the two refusals' cause on their spans.
    private static func check(_ spans: [FinishedInMemorySpan]) {
        #expect(spans.map(\.operationName) == ["request GET", "request GET", "request POST"], "no span of its own")
        #expect(spans.map { $0.attributes["signet.verification.outcome"]?.toSpanAttribute() } == [nil, .string("refused"), .string("refused")])
        for (span, (name, _)) in zip(spans, requests).dropFirst() {
            #expect(span.attributes["signet.verification.cause"]?.toSpanAttribute() == .string("bad-signature"), "\(name)")
            #expect(span.events.map(\.name) == ["GameSystem request refused"], "\(name)")
        }
        #expect(spans.first?.events.isEmpty == true)
    }
}

/// A server span around the rest of the chain, its context bound, as Hummingbird's `TracingMiddleware` does.
private struct HummingbirdRequestSpan<Context: Hummingbird.RequestContext>: RouterMiddleware {
    let tracer: InMemoryTracer
    func handle(
        _ request: Hummingbird.Request, context: Context, next: (Hummingbird.Request, Context) async throws -> Hummingbird.Response
    ) async throws -> Hummingbird.Response {
        try await tracer.withSpan("request \(request.method)", ofKind: .server) { _ in try await next(request, context) }
    }
}

/// A server span around the rest of the chain, as Vapor's `TracingMiddleware` does: `withSpan` binds its
/// context for the task, and `req.serviceContext` holds it.
private struct VaporRequestSpan: AsyncMiddleware {
    let tracer: InMemoryTracer
    func respond(to request: Vapor.Request, chainingTo next: any AsyncResponder) async throws -> Vapor.Response {
        try await tracer.withSpan("request \(request.method.rawValue)", ofKind: .server) { span in
            request.serviceContext = span.context
            return try await next.respond(to: request)
        }
    }
}
