import CoreMetrics
import Signet
import Tracing

/// Metrics and traces for Signet's client chain, through swift-metrics and swift-distributed-tracing.
///
/// ```swift
/// let telemetry = ClientTelemetry()              // the bootstrapped MetricsSystem and tracer
/// let middleware = telemetry.instrument(SignetClient.defaultMiddleware(signer: signer, clockOffsets: offsets))
/// let client = SignetClient(baseURL: url, transport: transport, middleware: middleware)
/// ```
/// ``instrument(_:)`` puts a call-level middleware first (a span per call, named after the operation, and
/// the call's metrics) and an attempt-level one right after `RetryMiddleware` (a span per attempt with its
/// number and the reason for the retry that led to it), and both learn of retries and clock-skew
/// corrections through `CallEventObserver`.
///
/// Metrics, each with the dimension `operation` (an operation name chosen in code, never a value from a
/// request):
/// - `signet_client_calls_total` {`operation`, `outcome`: `2xx` … `5xx` or the failure's kind}
/// - `signet_client_call_duration_seconds` {`operation`}: a timer, waits between attempts included
/// - `signet_client_attempts_total` {`operation`}
/// - `signet_client_retries_total` {`operation`, `reason`: `transport`, `timeout`, `replayed-request`, `status-503`, …}
/// - `signet_client_clock_skew_corrections_total` {`operation`}, and `signet_client_clock_skew_correction_seconds`
///   {`operation`}: a recorder of each correction's size
///
/// Span attributes: `http.request.method`, `url.path` (never the query), `server.address`,
/// `http.response.status_code`, `signet.attempt`, `signet.retry_reason`, `signet.attempts`, and
/// `error.type` for a failure. No metric or span holds a header, a secret, a signature or a body.
public struct ClientTelemetry: Sendable {
    let instruments: ClientInstruments
    /// Resolved once, as the metrics factory is (looking up the bootstrapped tracer casts the instrument on
    /// every call).
    let tracer: any Tracer

    /// Telemetry into `metricsFactory` (default: the one `MetricsSystem` was bootstrapped with) and `tracer`
    /// (default: the one `InstrumentationSystem` was bootstrapped with); bootstrap both before making this.
    public init(metricsFactory: (any MetricsFactory)? = nil, tracer: (any Tracer)? = nil) {
        self.instruments = ClientInstruments(factory: metricsFactory ?? MetricsSystem.factory)
        self.tracer = tracer ?? InstrumentationSystem.tracer
    }

    /// `chain` with the call-level middleware first and the attempt-level one right after its
    /// `RetryMiddleware` (or second, when there is none).
    public func instrument(_ chain: [any SignetMiddleware]) -> [any SignetMiddleware] {
        var instrumented: [any SignetMiddleware] = [CallTelemetryMiddleware(telemetry: self)]
        let retry = chain.firstIndex { $0 is RetryMiddleware }
        for (index, middleware) in chain.enumerated() {
            if retry == nil, index == 0 { instrumented.append(AttemptTelemetryMiddleware(telemetry: self)) }
            instrumented.append(middleware)
            if index == retry { instrumented.append(AttemptTelemetryMiddleware(telemetry: self)) }
        }
        if chain.isEmpty { instrumented.append(AttemptTelemetryMiddleware(telemetry: self)) }
        return instrumented
    }

    /// Runs `body` in a span of `tracer` (or the bootstrapped one) named `name`, of kind `kind`.
    func withSpan<R>(_ name: String, ofKind kind: SpanKind, _ body: (any Span) async throws -> R) async throws -> R {
        try await Self.withSpan(tracer, name, ofKind: kind, body)
    }

    private static func withSpan<T: Tracer, R>(
        _ tracer: T, _ name: String, ofKind kind: SpanKind, _ body: (any Span) async throws -> R
    ) async throws -> R {
        let span = tracer.startSpan(name, context: .current ?? .topLevel, ofKind: kind)
        defer { span.end() }
        do {
            return try await ServiceContext.withValue(span.context) { try await body(span) }
        } catch {
            span.recordError(error)
            throw error
        }
    }
}
