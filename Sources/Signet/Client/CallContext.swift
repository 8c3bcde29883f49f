#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging

/// What travels with one call through the middleware chain: its name, attempt, clock, logger and limits.
///
/// Middleware reads it and passes on a modified copy: retry sets ``attempt``, clock-skew correction sets
/// ``clockOffset``, signing reads ``signingDate``.
public struct CallContext: Sendable {
    /// The operation name used in logs and errors (e.g. `getPlayer`).
    public var operation: String
    /// The attempt number, starting at 1; retry middleware increments it.
    public var attempt: Int
    /// The local wall clock. Injectable so tests can simulate a client whose clock is wrong.
    public var clock: @Sendable () -> Date
    /// Seconds to add to ``clock`` to get the server's time; set by clock-skew correction.
    public var clockOffset: TimeInterval
    /// The logger for this call; middleware logs through it.
    public var logger: Logger
    /// The time allowed for one attempt, or `nil` to use the timeout middleware's default.
    public var timeout: Duration?
    /// When the current attempt's transport exchange must be finished; set by ``TimeoutMiddleware`` and
    /// enforced where the chain reaches the transport (see ``DeadlineEnforcingTransport``). `nil`: unbounded.
    public var deadline: ContinuousClock.Instant?
    /// Typed values middleware can attach for later middleware (see ``CallContextKey``).
    public var values: CallContextValues

    /// Creates a context for the first attempt of `operation`.
    public init(
        operation: String,
        logger: Logger = Logger(label: "signet.client"),
        clock: @escaping @Sendable () -> Date = { Date() },
        clockOffset: TimeInterval = 0,
        timeout: Duration? = nil
    ) {
        self.operation = operation
        self.attempt = 1
        self.clock = clock
        self.clockOffset = clockOffset
        self.logger = logger
        self.timeout = timeout
        self.deadline = nil
        self.values = CallContextValues()
    }

    /// The local clock corrected by ``clockOffset``: the time a signer should stamp on the request.
    public var signingDate: Date {
        clock().addingTimeInterval(clockOffset)
    }
}
