import Foundation
import HTTPTypes
import InMemoryTracing
import Logging
import MetricsTestKit
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetServer
import SignetTelemetry
import SignetTestSupport
import Testing
import Tracing

/// `ClientTelemetry` on the default signed chain against the reference server over loopback: exact counters
/// and spans for a call that succeeds at once, one retried after a 503, and one whose clock was 5 minutes
/// behind the server's. Nothing reported holds a secret, a signature, a header or a query.
@Suite("Client telemetry")
struct ClientTelemetryTests {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A GameSystem client whose chain is instrumented into `metrics` and `tracer`, with the local clock `clock`.
    static func client(_ server: ReferenceServer, metrics: TestMetrics, tracer: InMemoryTracer,
                       clock: @escaping @Sendable () -> Date = { Date() }) throws -> SignetClient {
        try client(server.baseURL, metrics: metrics, tracer: tracer, clock: clock)
    }

    static func client(_ baseURL: URL, metrics: TestMetrics, tracer: InMemoryTracer,
                       clock: @escaping @Sendable () -> Date = { Date() }) throws -> SignetClient {
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(
            apiKey: DemoCredentials.clientKey, secret: DemoCredentials.clientSecret))
        let chain = SignetClient.defaultMiddleware(signer: signer, clockOffsets: ClockOffsetStore(),
                                             retry: RetryMiddleware(maxAttempts: 3, sleep: { _ in }))
        return SignetClient(baseURL: baseURL, transport: SignetAsyncHTTPClientTransport(),
                      middleware: ClientTelemetry(metricsFactory: metrics, tracer: tracer).instrument(chain),
                      logger: quiet, clock: clock)
    }

    static func getPlayer(_ client: SignetClient) async throws -> HTTPResponse {
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/acme/client/players/ann?secret-query=1")
        return try await client.send(request, body: .empty, context: client.makeContext(operation: "getPlayer")).0
    }

    @Test("a 503 then a 200: one call (2xx), two attempts, one retry for status-503, a span per call and per attempt")
    func retriedCall() async throws {
        let server = try await ReferenceServer.start(ReferenceServerConfiguration(logger: Self.quiet))
        defer { Task { await server.stop() } }
        let metrics = TestMetrics(), tracer = InMemoryTracer()
        let client = try Self.client(server, metrics: metrics, tracer: tracer)
        server.faults.inject(.status(503), count: 1)
        #expect(try await Self.getPlayer(client).status == .ok)

        #expect(try metrics.expectCounter("signet_client_calls_total", [("operation", "getPlayer"), ("outcome", "2xx")]).totalValue == 1)
        #expect(try metrics.expectCounter("signet_client_attempts_total", [("operation", "getPlayer")]).totalValue == 2)
        #expect(try metrics.expectCounter("signet_client_retries_total", [("operation", "getPlayer"), ("reason", "status-503")])
            .totalValue == 1)
        #expect(try metrics.expectTimer("signet_client_call_duration_seconds", [("operation", "getPlayer")]).values.count == 1)

        let spans = tracer.finishedSpans
        let attempts = spans.filter { $0.operationName == "getPlayer attempt" }
        let call = try #require(spans.first { $0.operationName == "getPlayer" })
        #expect(attempts.count == 2)
        #expect(attempts.map { $0.attributes["signet.attempt"]?.toSpanAttribute() } == [.int64(1), .int64(2)])
        #expect(attempts.map { $0.attributes["http.response.status_code"]?.toSpanAttribute() } == [.int64(503), .int64(200)])
        #expect(attempts[0].attributes["signet.retry_reason"] == nil)
        #expect(attempts[1].attributes["signet.retry_reason"]?.toSpanAttribute() == .string("status-503"))
        #expect(attempts.allSatisfy { $0.parentSpanID == call.spanID }, "attempt spans are children of the call's")
        #expect(call.kind == .client)
        #expect(call.attributes["url.path"]?.toSpanAttribute() == .string("/acme/client/players/ann"))
        #expect(call.attributes["signet.attempts"]?.toSpanAttribute() == .int64(2))
        #expect(call.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(200))

        let reported = spans.map { "\($0.attributes)" }.joined() + metrics.counters.map { "\($0.dimensions)" }.joined()
        for hidden in ["secret-query", DemoCredentials.clientSecret, "Authorization", "Content-MD5"] {
            #expect(!reported.contains(hidden), "\(hidden) was reported")
        }
    }

    @Test("a client clock 300 s behind: one clock-skew correction of about 300 s, and the call succeeds")
    func clockSkewCorrected() async throws {
        let server = try await ReferenceServer.start(ReferenceServerConfiguration(logger: Self.quiet))
        defer { Task { await server.stop() } }
        let metrics = TestMetrics(), tracer = InMemoryTracer()
        let client = try Self.client(server, metrics: metrics, tracer: tracer, clock: { Date().addingTimeInterval(-300) })
        #expect(try await Self.getPlayer(client).status == .ok)
        #expect(try metrics.expectCounter("signet_client_clock_skew_corrections_total", [("operation", "getPlayer")]).totalValue == 1)
        let size = try #require(try metrics.expectRecorder("signet_client_clock_skew_correction_seconds", [("operation", "getPlayer")])
            .values.first)
        #expect(abs(size - 300) < 5, "corrected by \(size) s")
        #expect(try metrics.expectCounter("signet_client_calls_total", [("operation", "getPlayer"), ("outcome", "2xx")]).totalValue == 1)
    }

    @Test("a call that fails: counted by the failure's kind, the error on the span")
    func failedCall() async throws {
        // A peer that closes every connection at once: each attempt fails fast with a transport error.
        let peer = try HostileSocketServer { _ in }
        defer { peer.stop() }
        let metrics = TestMetrics(), tracer = InMemoryTracer()
        let client = try Self.client(try peer.baseURL, metrics: metrics, tracer: tracer)
        await #expect(throws: SignetError.self) { _ = try await Self.getPlayer(client) }
        #expect(try metrics.expectCounter("signet_client_calls_total", [("operation", "getPlayer"), ("outcome", "transport")])
            .totalValue == 1)
        #expect(try metrics.expectCounter("signet_client_retries_total", [("operation", "getPlayer"), ("reason", "transport")])
            .totalValue == 2)
        let call = try #require(tracer.finishedSpans.first { $0.operationName == "getPlayer" })
        #expect(call.attributes["error.type"]?.toSpanAttribute() == .string("transport"))
        #expect(call.errors.count == 1)
    }
}
