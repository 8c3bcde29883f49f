import Foundation
import HTTPTypes
import Hummingbird
import InMemoryTracing
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
import Prometheus
import ServiceLifecycle
import Tracing
import SignetGameSystem
import SignetHummingbird
import SignetOpenAPIServer

/// One Hummingbird server for the server-side benchmark: the same handler plain, behind the Hummingbird
/// gatekeeper (explanations off, on, and with Prometheus metrics and tracing), and as an OpenAPI
/// operation on swift-openapi-hummingbird with and without ``GameSystemOpenAPIServerMiddleware``.
struct HummingbirdBenchServer {
    let port: Int
    /// The spans of the route with metrics and the in-memory test tracer.
    let spans: InMemoryTracer
    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    static let answer = #"{"id":1,"nickname":"Ann","ext_id":"ann","point_types":[{"name":"points","amount":10}]}"#

    /// Metrics as a deployment exports them (swift-prometheus, the reference server's /metrics), and every
    /// verification's span recorded in `tracer` (a ``BatchingTracer``, or the in-memory test tracer, whose
    /// spans the benchmark drops between rounds).
    static func observedOptions(tracer: any Tracer) -> GameSystemVerificationOptions {
        GameSystemVerificationOptions(metricsFactory: PrometheusMetricsFactory(registry: PrometheusCollectorRegistry()), tracer: tracer)
    }

    static func start(verifier: GameSystemVerifier, logger: Logger) async throws -> HummingbirdBenchServer {
        let spans = InMemoryTracer()
        let router = Router(context: BasicRequestContext.self)
        let body = ByteBuffer(string: answer)
        let handler: @Sendable (Request, BasicRequestContext) async throws -> Response = { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: body))
        }
        // Every route's path is longer than 15 bytes, the most a Swift string holds inline: NIO's parser and
        // the router each make a `String` of the path, which allocates past 15 bytes. A 13-byte `/plain/player`
        // against a 16-byte `/verified/player` had spared the plain route two allocations per request
        // (docs/benchmarks.md, "Paths of one kind").
        router.get("unverified/player", use: handler)
        // The control: the same handler behind a middleware that does nothing, so a middleware's own cost on
        // this framework is told apart from verification's.
        router.group("passthrough").add(middleware: NoOpMiddleware()).get("player", use: handler)
        router.group("verified").add(middleware: GameSystemVerificationMiddleware(verifier: verifier)).get("player", use: handler)
        router.group("explained").add(middleware: GameSystemVerificationMiddleware(
            verifier: verifier, options: .init(explainsFailures: true))).get("player", use: handler)
        // Each alone, to tell their costs apart; and both again with the in-memory test tracer, for reference.
        let batching = BatchingTracer()
        let metricsAlone = GameSystemVerificationOptions(metricsFactory: PrometheusMetricsFactory(registry: PrometheusCollectorRegistry()))
        router.group("metricsonly").add(middleware: GameSystemVerificationMiddleware(verifier: verifier, options: metricsAlone))
            .get("player", use: handler)
        router.group("tracingonly").add(middleware: GameSystemVerificationMiddleware(verifier: verifier, options: .init(tracer: batching)))
            .get("player", use: handler)
        router.group("observed").add(middleware: GameSystemVerificationMiddleware(verifier: verifier, options: observedOptions(tracer: batching)))
            .get("player", use: handler)
        // A traced app: Hummingbird's `TracingMiddleware` starts each request's span (in ``BatchingTracer/shared``,
        // which a side-by-side child bootstraps `InstrumentationSystem` with once every route is made; no-op
        // spans elsewhere), and verification records its outcome on that span, with metrics; or records nothing
        // (its tracer set to the no-op one, so that the bootstrap cannot reach it).
        router.group("tracedverified").add(middleware: TracingMiddleware())
            .add(middleware: GameSystemVerificationMiddleware(verifier: verifier, options: .init(tracer: NoOpTracer())))
            .get("player", use: handler)
        router.group("tracedobserved").add(middleware: TracingMiddleware())
            .add(middleware: GameSystemVerificationMiddleware(verifier: verifier, options: observedOptions(tracer: BatchingTracer.shared)))
            .get("player", use: handler)
        router.group("observedinmemory").add(middleware: GameSystemVerificationMiddleware(
            verifier: verifier, options: observedOptions(tracer: spans))).get("player", use: handler)
        registerOpenAPI(on: router, verifier: verifier)

        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { continuation.yield($0.localAddress?.port ?? 0); continuation.finish() },
                              logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        guard port > 0 else {
            running.cancel()
            throw BenchFailure("the Hummingbird bench server did not start")
        }
        return HummingbirdBenchServer(port: port, spans: spans, group: group, running: running)
    }

    /// `GET /openapi/unverified/player` and `/openapi/verified/player`, registered as generated code registers an
    /// operation: the middlewares around the operation, on the swift-openapi-hummingbird transport.
    private static func registerOpenAPI(on router: Router<BasicRequestContext>, verifier: GameSystemVerifier) {
        let operation: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?) = { _, _, _ in
            (HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]), HTTPBody(answer))
        }
        let middleware = GameSystemOpenAPIServerMiddleware(verifier: verifier)
        router.register(operation, method: .get, path: "/openapi/unverified/player")
        router.register({ request, body, metadata in
            try await middleware.intercept(request, body: body, metadata: metadata, operationID: "player", next: operation)
        }, method: .get, path: "/openapi/verified/player")
    }

    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await running.result
    }
}

/// A middleware that only calls the next responder: the cost of being a middleware on Hummingbird.
private struct NoOpMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response) async throws -> Response {
        try await next(request, context)
    }
}
