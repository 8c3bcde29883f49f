import HTTPTypes

/// Bounds each attempt's transport exchange: if it has not answered within the timeout, it is cancelled and
/// ``SignetError/Kind/timeout(after:)`` is thrown.
///
/// The timeout is `context.timeout`, or ``defaultTimeout`` when the context has none. It sits inside retry,
/// so it bounds one attempt and a timed-out idempotent attempt is retried; retry's total-time budget
/// bounds the retries (each retry's deadline is the budget's end, when that comes first).
///
/// It sets the attempt's ``CallContext/deadline`` (keeping an earlier one) and the ``SignetClient`` enforces it
/// where the chain reaches the transport: a ``DeadlineEnforcingTransport`` (AsyncHTTPClient) is given the
/// deadline and enforces it itself, at no extra cost; any other transport runs in a task of its own that is
/// cancelled by one process-wide timer and always awaited, so nothing outlives the call. Middleware placed
/// after this one run within the attempt, but only the transport exchange is bounded. A transport must
/// honour cancellation for the timeout to end the attempt promptly.
///
/// Cancellation of the calling task cancels the attempt too; it surfaces as `CancellationError` here,
/// which ``SignetClient`` turns into ``SignetError/Kind/cancelled`` (never into a timeout).
public struct TimeoutMiddleware: SignetMiddleware {
    /// The timeout used when the context does not set one.
    public var defaultTimeout: Duration
    /// When set, the rest of the chain is raced against this sleep instead of being given a deadline (tests
    /// inject one to decide when the timer fires). `nil`, the default, uses deadlines.
    public var sleep: (@Sendable (Duration) async throws -> Void)?

    /// Creates a timeout middleware with `defaultTimeout` for contexts without their own.
    public init(
        defaultTimeout: Duration = .seconds(30),
        sleep: (@Sendable (Duration) async throws -> Void)? = nil
    ) {
        self.defaultTimeout = defaultTimeout
        self.sleep = sleep
    }

    /// Runs the rest of the chain with the attempt's deadline set; a timeout below is reported with this
    /// middleware's timeout.
    public func intercept(
        _ request: HTTPRequest,
        body: Body,
        context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        let timeout = context.timeout ?? defaultTimeout
        if let sleep {
            return try await DeadlineRace.run(timer: .sleep(timeout, sleep)) { try await next(request, body, context) }
        }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var context = context
        if context.deadline.map({ deadline < $0 }) ?? true { context.deadline = deadline }
        do {
            return try await next(request, body, context)
        } catch let error as SignetError where error.isTimeout && !Task.isCancelled {
            // Ours when our deadline has passed (1 ms of slack for a transport's own clock); otherwise an
            // earlier deadline or the transport's own limit fired, and its error stands.
            guard ContinuousClock.now >= deadline.advanced(by: .milliseconds(-1)) else { throw error }
            throw SignetError(.timeout(after: timeout))
        }
    }
}
