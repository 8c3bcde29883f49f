import HTTPTypes

/// Bounds each attempt: if the rest of the chain has not answered within the timeout, it is cancelled and
/// ``SignetError/Kind/timeout(after:)`` is thrown.
///
/// The timeout is `context.timeout`, or ``defaultTimeout`` when the context has none. It sits inside retry,
/// so it bounds one attempt and a timed-out idempotent attempt is retried; retry's total-time budget
/// bounds the whole call. Implemented with structured concurrency: a task group races the rest of the
/// chain against a sleep, and the loser is cancelled and awaited, so nothing outlives the call.
/// A transport must honour cancellation for the timeout to end the attempt promptly.
///
/// Cancellation of the calling task cancels the attempt too; it surfaces as `CancellationError` here,
/// which ``Client`` turns into ``SignetError/Kind/cancelled`` (never into a timeout).
public struct TimeoutMiddleware: Middleware {
    /// The timeout used when the context does not set one.
    public var defaultTimeout: Duration
    /// Waits for the given duration; throws when cancelled. Injectable for tests.
    public var sleep: @Sendable (Duration) async throws -> Void

    /// Creates a timeout middleware with `defaultTimeout` for contexts without their own.
    public init(
        defaultTimeout: Duration = .seconds(30),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.defaultTimeout = defaultTimeout
        self.sleep = sleep
    }

    /// Runs the rest of the chain, abandoning it when the timeout elapses first.
    public func intercept(
        _ request: HTTPRequest,
        body: Body,
        context: RequestContext,
        next: (HTTPRequest, Body, RequestContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        let timeout = context.timeout ?? defaultTimeout
        let sleep = self.sleep
        return try await withoutActuallyEscaping(next) { escapableNext in
            // `next` is not Sendable, yet it must run in a child task to be cancellable. This is sound:
            // the group awaits the child before returning (so `next` does not escape this call), and this
            // task stays suspended in the group meanwhile (so `next` is never used from two tasks at once).
            nonisolated(unsafe) let next = escapableNext
            return try await withThrowingTaskGroup(of: (HTTPResponse, Body).self) { group in
                group.addTask {
                    try await next(request, body, context)
                }
                group.addTask {
                    try await sleep(timeout)
                    throw SignetError(.timeout(after: timeout))
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else {
                    throw CancellationError()
                }
                return first
            }
        }
    }
}
