import CoreMetrics
import Logging
import Tracing

/// What verification reports, through swift-metrics, swift-distributed-tracing and swift-log: every metric
/// is made once, when the verification is created, so a request costs increments, not lookups.
///
/// Metrics (dimensions never hold a secret, a signature, an API key or a body):
/// - `signet_verifications_total` {`outcome`: accepted | refused | answered, `cause`: a ``VerificationRefusal/Cause`` or `none`}
/// - `signet_verification_duration_seconds`: a timer over verification (the handler excluded)
/// - `signet_replay_claims_total` {`result`: accepted | replayed | store_full | store_error}
/// - `signet_idempotency_total` {`result`: proceed | replay | in_progress | conflict | store_full | store_error |
///   completed | abandoned}
/// - `signet_store_errors_total` {`store`: replay | idempotency | keys}
///
/// Traces: inside a request's span (``GameSystemVerificationOptions/SpanPlacement/requestSpan``, the default), a
/// refusal puts `signet.verification.outcome` and `signet.verification.cause` on that span with an event
/// `GameSystem request refused`, a stored answer its outcome, and an accepted request nothing; otherwise a span
/// `GameSystem verification` covers verification, with those attributes, the method and the path without its
/// query. A refusal is logged once, at the options' level, with its cause, the
/// method, the path without its query and the API key it named (never the signature or a secret).
struct VerificationTelemetry: Sendable {
    enum ReplayResult: String, CaseIterable { case accepted, replayed, storeFull = "store_full", storeError = "store_error" }
    enum IdempotencyResult: String, CaseIterable {
        case proceed, replay, inProgress = "in_progress", conflict, storeFull = "store_full", storeError = "store_error"
        case completed, abandoned
    }
    enum Store: String, CaseIterable { case replay, idempotency, keys }

    let logger: Logger
    let refusalLogLevel: Logger.Level
    /// Where spans go, resolved once (as the metrics below, and a `Logger`'s handler): the options' tracer, or
    /// the one `InstrumentationSystem` was bootstrapped with when the verification was made. Looking that one
    /// up casts the bootstrapped instrument to `Tracer` each time, about a tenth of a verification's CPU.
    /// `nil` for the no-op tracer: a request then starts no span at all.
    let tracer: (any Tracer)?
    /// Whether there is a ``tracer``: asked on every request, and comparing the optional existential with `nil`
    /// looks its type's metadata up each time.
    let traces: Bool
    /// Whether an active request span is annotated instead of starting one.
    let annotatesRequestSpan: Bool
    /// Whether the metrics go anywhere: with swift-metrics' no-op factory (nothing bootstrapped) a
    /// verification does not read the clock twice to time itself, and an accepted one calls no counter.
    let timed: Bool
    private let accepted: Counter
    private let answered: Counter
    private let refused: [VerificationRefusal.Cause: Counter]
    private let duration: CoreMetrics.Timer
    private let replays: [ReplayResult: Counter]
    private let idempotencyResults: [IdempotencyResult: Counter]
    private let storeErrors: [Store: Counter]

    init(options: GameSystemVerificationOptions) {
        logger = options.logger
        refusalLogLevel = options.refusalLogLevel
        let tracer = options.tracer ?? InstrumentationSystem.tracer
        self.tracer = tracer is NoOpTracer ? nil : tracer
        traces = !(tracer is NoOpTracer)
        annotatesRequestSpan = options.spanPlacement == .requestSpan
        let factory = options.metricsFactory ?? MetricsSystem.factory
        timed = !(factory is NOOPMetricsHandler)
        func counter(_ label: String, _ dimensions: [(String, String)]) -> Counter {
            Counter(label: label, dimensions: dimensions, factory: factory)
        }
        accepted = counter("signet_verifications_total", [("outcome", "accepted"), ("cause", "none")])
        answered = counter("signet_verifications_total", [("outcome", "answered"), ("cause", "none")])
        refused = Dictionary(uniqueKeysWithValues: VerificationRefusal.Cause.allCases.map {
            ($0, counter("signet_verifications_total", [("outcome", "refused"), ("cause", $0.rawValue)]))
        })
        duration = CoreMetrics.Timer(label: "signet_verification_duration_seconds", dimensions: [], factory: factory)
        replays = Dictionary(uniqueKeysWithValues: ReplayResult.allCases.map {
            ($0, counter("signet_replay_claims_total", [("result", $0.rawValue)]))
        })
        idempotencyResults = Dictionary(uniqueKeysWithValues: IdempotencyResult.allCases.map {
            ($0, counter("signet_idempotency_total", [("result", $0.rawValue)]))
        })
        storeErrors = Dictionary(uniqueKeysWithValues: Store.allCases.map {
            ($0, counter("signet_store_errors_total", [("store", $0.rawValue)]))
        })
    }

    /// Counts and times one verification's outcome (a refusal while the body came in is not timed), and logs a refusal.
    func record(_ outcome: VerificationOutcome, took elapsed: Duration?, method: String, path: Substring, apiKey: String?) {
        if let elapsed { duration.recordNanoseconds(elapsed.nanoseconds) }
        switch outcome {
        // Counters made by the no-op factory count nothing: an accepted request does not call them.
        case .accepted: if timed { accepted.increment() }
        case .answered: answered.increment()
        case .refused(let refusal):
            refused[refusal.cause]?.increment()
            var metadata: Logger.Metadata = [
                "signet.cause": "\(refusal.cause.rawValue)", "http.request.method": "\(method)", "url.path": "\(path)",
                "http.response.status_code": "\(refusal.status.code)",
            ]
            if let apiKey { metadata["signet.api_key"] = "\(apiKey)" }
            logger.log(level: refusalLogLevel, "GameSystem request refused: \(refusal.message)", metadata: metadata)
        }
    }

    /// When a timed verification starts (`nil` when nothing records the time).
    func start() -> ContinuousClock.Instant? { timed ? ContinuousClock.now : nil }

    /// The time since `started`, if it was taken.
    func elapsed(since started: ContinuousClock.Instant?) -> Duration? { started.map { ContinuousClock.now - $0 } }

    func replay(_ result: ReplayResult) { replays[result]?.increment() }

    func idempotency(_ result: IdempotencyResult) { idempotencyResults[result]?.increment() }

    /// Counts a store's failure and logs it (the error stays on the server; the client is told 503).
    func storeError(_ store: Store, _ error: any Error) {
        storeErrors[store]?.increment()
        logger.warning("GameSystem verification: the \(store.rawValue) store failed", metadata: ["error": "\(String(reflecting: error))"])
    }

    /// Runs `verify` and records its outcome: on the request's span when there is one, or inside a span named
    /// `GameSystem verification`.
    func traced(method: String, path: Substring, _ verify: () async -> VerificationOutcome) async -> VerificationOutcome {
        guard let tracer else { return await verify() }
        guard annotatesRequestSpan, let context = ServiceContext.current else {
            return await Self.span(tracer, method: method, path: path, verify)
        }
        let outcome = await verify()
        Self.record(outcome, tracer: tracer, context: context, method: method, path: path)
        return outcome
    }

    /// ``traced(method:path:_:)`` for a verification that does not suspend.
    func tracedAtOnce(method: String, path: Substring, _ verify: () -> VerificationOutcome) -> VerificationOutcome {
        guard let tracer else { return verify() }
        guard annotatesRequestSpan, let context = ServiceContext.current else {
            return Self.spanAtOnce(tracer, method: method, path: path, verify)
        }
        let outcome = verify()
        Self.record(outcome, tracer: tracer, context: context, method: method, path: path)
        return outcome
    }

    /// Records `outcome` of a request handled inside `context` (``GameSystemVerificationOptions/SpanPlacement/requestSpan``).
    ///
    /// An accepted request adds nothing: its span's status says it, and any attribute costs a recording span a
    /// copy of its attributes (swift-otel's, and the default `updateAttributes`), a few per cent of a GET
    /// (docs/benchmarks.md, "Side by side"). A refusal or a stored answer goes on the span `tracer` has active
    /// for `context`; where it has none (no span, or a tracer that does not look spans up: the protocol's
    /// default answers `nil`), on a span of its own, `GameSystem verification`, started and ended here.
    private static func record(
        _ outcome: VerificationOutcome, tracer: any Tracer, context: ServiceContext, method: String, path: Substring
    ) {
        if case .accepted = outcome { return }
        guard let span = tracer.activeSpan(identifiedBy: context), span.isRecording else {
            _ = spanAtOnce(tracer, method: method, path: path) { outcome }
            return
        }
        span.updateAttributes { attributes in
            switch outcome {
            case .accepted: break
            case .answered: attributes.set("signet.verification.outcome", value: .string("answered"))
            case .refused(let refusal):
                attributes.set("signet.verification.outcome", value: .string("refused"))
                attributes.set("signet.verification.cause", value: .string(refusal.cause.rawValue))
            }
        }
        if case .refused(let refusal) = outcome {
            var attributes = SpanAttributes()
            attributes.set("signet.verification.cause", value: .string(refusal.cause.rawValue))
            attributes.set("http.response.status_code", value: .int64(Int64(refusal.status.code)))
            span.addEvent(SpanEvent(name: "GameSystem request refused", attributes: attributes))
        }
    }

    private static func span<T: Tracer>(
        _ tracer: T, method: String, path: Substring, _ verify: () async -> VerificationOutcome
    ) async -> VerificationOutcome {
        let span = tracer.startSpan("GameSystem verification", context: .current ?? .topLevel, ofKind: .internal)
        let outcome = await verify()
        end(span, method: method, path: path, outcome)
        return outcome
    }

    private static func spanAtOnce<T: Tracer>(
        _ tracer: T, method: String, path: Substring, _ verify: () -> VerificationOutcome
    ) -> VerificationOutcome {
        let span = tracer.startSpan("GameSystem verification", context: .current ?? .topLevel, ofKind: .internal)
        let outcome = verify()
        end(span, method: method, path: path, outcome)
        return outcome
    }

    /// Sets the span's attributes from the outcome, and ends it.
    private static func end(_ span: some Span, method: String, path: Substring, _ outcome: VerificationOutcome) {
        defer { span.end() }
        // A span nobody records (the default no-op tracer) is not given attributes it would drop.
        guard span.isRecording else { return }
        // One update, not one per attribute: each is a lock taken on a recording span. Room is made once and
        // each value is set as a `SpanAttribute`: the subscript boxes its value as an existential and casts it
        // back, and the dictionary grew twice, about a third of the span's cost on a tracer that does little.
        span.updateAttributes { attributes in
            attributes.reserveCapacity(attributes.count + 5)
            attributes.set("http.request.method", value: .string(method))
            attributes.set("url.path", value: .string(String(path)))
            switch outcome {
            case .accepted: attributes.set("signet.verification.outcome", value: .string("accepted"))
            case .answered: attributes.set("signet.verification.outcome", value: .string("answered"))
            case .refused(let refusal):
                attributes.set("signet.verification.outcome", value: .string("refused"))
                attributes.set("signet.verification.cause", value: .string(refusal.cause.rawValue))
                attributes.set("http.response.status_code", value: .int64(Int64(refusal.status.code)))
            }
        }
    }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole &+ attoseconds / 1_000_000_000
    }
}
