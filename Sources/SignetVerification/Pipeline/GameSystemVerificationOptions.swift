import CoreMetrics
import Foundation
import Logging
import Tracing

/// What verification does besides checking the signature. Every option has a default.
public struct GameSystemVerificationOptions: Sendable {
    /// The role of each API key (keys without one are accepted only where ``acceptedRoles`` is `nil`).
    public var keyRoles: [String: GameSystemKeyRole]
    /// The roles accepted; `nil` (the default) accepts any verified key. A key of another role is refused
    /// with 401 `wrong-key-type`.
    public var acceptedRoles: Set<GameSystemKeyRole>?
    /// Where accepted state-changing requests (POST, PUT, PATCH, DELETE…) are remembered so that an exact
    /// replay inside the window is refused with 401 `replayed-request`; `nil` turns replay refusal off.
    ///
    /// On by default (an ``InMemoryReplayStore``). The trade-off: the scheme has no nonce and one-second
    /// dates, so two *identical* state-changing requests signed with the same key in the same second are
    /// byte-identical and the second is refused (Signet's client waits for the next second, and retries a
    /// `replayed-request` re-signed). Sustained, that is one identical request per second per key; distinct
    /// requests (another body, path or method) are not limited. Turn it off only where replaying a
    /// captured request inside the window is harmless. With several server instances, share a store
    /// (`SignetPostgres`), or each instance accepts the others' replays.
    public var replayStore: (any ReplayStore)?
    /// Where `Idempotency-Key` records are kept; `nil` (the default) leaves the header to the handlers.
    /// When set, a state-changing request with the header runs its handler once per (API key, key); a
    /// repeat answers the stored response with `Idempotent-Replayed: true`.
    public var idempotencyStore: (any IdempotencyStore)?
    /// The largest request body accepted (1 MiB); larger ones get 413 before any signature check.
    public var maxBodyBytes: Int
    /// Whether the body is kept for the handler (the default) or only hashed and counted (uploads that
    /// the handler does not read).
    public var keepsBody: Bool
    /// Whether a refused signature's 401 explains the likely client mistake (`diagnosis` in the body).
    /// Off by default: the explanation shows the string the server expected to be signed, which is public
    /// information, but production servers usually say less. Diagnosis runs only for refused requests.
    public var explainsFailures: Bool
    /// The largest response stored for an `Idempotency-Key` (64 KiB). A larger one is sent but not kept: a
    /// repeat is answered 409, `idempotency-response-not-kept`, and never runs the handler again.
    public var maxStoredResponseBytes: Int
    /// The server's clock, for the `Date` window and replay expiry.
    public var clock: @Sendable () -> Date
    /// The longest verification waits for a ``GameSystemKeyProvider`` other than a keyring (a database, a
    /// secrets manager): 3 s by default. Past it the request is refused with 503 and `Retry-After`, as when
    /// the provider throws, and the lookup is cancelled (`options.keyLookupTimeout = .seconds(1)`).
    public var keyLookupTimeout: Duration = .seconds(3)
    /// Where refusals and store failures are logged.
    public var logger: Logger
    /// The level of the one line logged per refusal (`info` by default; `debug` to keep it out of
    /// production logs, `notice` or higher to see every one).
    public var refusalLogLevel: Logger.Level
    /// Where metrics go; `nil` (the default) is the factory `MetricsSystem` was bootstrapped with.
    public var metricsFactory: (any MetricsFactory)?
    /// Where spans go; `nil` (the default) is the tracer `InstrumentationSystem` was bootstrapped with when the
    /// verification was made (bootstrap first, as for swift-log and swift-metrics).
    public var tracer: (any Tracer)?
    /// Where verification shows in a trace: on the request's span when there is one (the default), or in a
    /// span of its own.
    public var spanPlacement: SpanPlacement

    /// Where verification shows in a trace.
    public enum SpanPlacement: Sendable, Hashable {
        /// On the span of the request being verified, which the framework's tracing middleware started
        /// (Hummingbird's or Vapor's `TracingMiddleware`): a refusal sets `signet.verification.outcome` and
        /// `signet.verification.cause` on it and adds an event `GameSystem request refused`; an answer from the
        /// idempotency store sets its outcome; an accepted request adds nothing (the span's status says it).
        /// Outside any service context, a span of its own, as ``ownSpan``; inside one whose span the tracer
        /// cannot look up, a refusal gets a span of its own. A span costs a recording tracer IDs, locks and a
        /// batch slot, and an attribute a copy of the span's attributes: more than verifying a GET
        /// (docs/benchmarks.md, "Side by side").
        case requestSpan
        /// Always a span of its own, `GameSystem verification`, a child of the request's span if there is
        /// one, with the method, the path without its query, the outcome and the refusal cause.
        case ownSpan
    }

    /// Creates options; every parameter has the default described on its property.
    public init(
        keyRoles: [String: GameSystemKeyRole] = [:],
        acceptedRoles: Set<GameSystemKeyRole>? = nil,
        replayStore: (any ReplayStore)? = InMemoryReplayStore(),
        idempotencyStore: (any IdempotencyStore)? = nil,
        maxBodyBytes: Int = 1 << 20,
        keepsBody: Bool = true,
        explainsFailures: Bool = false,
        maxStoredResponseBytes: Int = 64 << 10,
        clock: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "signet.verification"),
        refusalLogLevel: Logger.Level = .info,
        metricsFactory: (any MetricsFactory)? = nil,
        tracer: (any Tracer)? = nil,
        spanPlacement: SpanPlacement = .requestSpan
    ) {
        self.keyRoles = keyRoles
        self.acceptedRoles = acceptedRoles
        self.replayStore = replayStore
        self.idempotencyStore = idempotencyStore
        self.maxBodyBytes = maxBodyBytes
        self.keepsBody = keepsBody
        self.explainsFailures = explainsFailures
        self.maxStoredResponseBytes = maxStoredResponseBytes
        self.clock = clock
        self.logger = logger
        self.refusalLogLevel = refusalLogLevel
        self.metricsFactory = metricsFactory
        self.tracer = tracer
        self.spanPlacement = spanPlacement
    }
}
