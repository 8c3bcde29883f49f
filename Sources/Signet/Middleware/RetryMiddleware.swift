#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Logging

/// Retries failed attempts with exponential backoff and full jitter, honouring `Retry-After`.
///
/// Rules:
/// - Only requests that are safe to repeat: idempotent methods (GET, HEAD, PUT, DELETE, OPTIONS, TRACE) or
///   requests carrying an `Idempotency-Key` header — and only when the body is replayable.
/// - Only on a transport failure or per-attempt timeout (``SignetError/Kind/transport(underlying:)``,
///   ``SignetError/Kind/timeout(after:)``) or a status in ``retryableStatuses`` (408, 429, 500, 502, 503, 504).
///   Cancellation and every other error end the call at once.
/// - The wait before retry *n* is a random duration in `0 ... min(maxDelay, baseDelay × 2ⁿ⁻¹)` ("full
///   jitter"), or the server's `Retry-After` (seconds or HTTP-date) when it sends one.
/// - Bounded by ``maxAttempts`` and by ``maxTotalTime``: no retry starts whose wait would end past the budget
///   (or past the caller's ``CallContext/deadline``), and no retry runs past it (the budget's end is a retry's
///   deadline; the first attempt has its own timeout, however long). When the budget is spent the last
///   response is returned (or the last error thrown) unchanged.
/// - Each retry calls `next` again with `context.attempt` incremented, so the middleware after this one
///   (clock skew, signing, logging) runs anew: every attempt is signed with a fresh date.
/// - A 401 whose `error_message` starts with `replayed-request` is retried whatever the method: the server
///   applied nothing, it only saw a byte-identical request from the same second (another process with the
///   same key, say). The retry waits a random 0.2–1.2 s ("jitter", so that contenders spread out) and is
///   signed in a later second. Up to ``maxReplayedRetries`` such retries, within ``maxTotalTime``.
public struct RetryMiddleware: SignetMiddleware {
    /// The most attempts per call, the first included.
    public var maxAttempts: Int
    /// The most time from the first attempt's start to the end of the last retry (waits included).
    public var maxTotalTime: Duration
    /// The most retries of a `replayed-request` refusal (16 by default), beyond ``maxAttempts``.
    public var maxReplayedRetries: Int
    /// The backoff cap for the first retry; it doubles for each further retry.
    public var baseDelay: Duration
    /// The largest backoff cap.
    public var maxDelay: Duration
    /// The response statuses worth retrying.
    public var retryableStatuses: Set<HTTPResponse.Status>
    /// A random number in `0 ... 1`, the jitter factor (injected by Signet's own tests).
    package var random: @Sendable () -> Double
    /// Waits for the given duration; throws when the task is cancelled (injected by Signet's own tests).
    package var sleep: @Sendable (Duration) async throws -> Void
    /// A monotonic clock used for the total-time budget (injected by Signet's own tests).
    package var now: @Sendable () -> ContinuousClock.Instant

    /// The methods retried without an idempotency key.
    public static let idempotentMethods: Set<HTTPRequest.Method> = [.get, .head, .put, .delete, .options, .trace]
    /// The header that marks a non-idempotent request as safe to repeat.
    public static let idempotencyKey = HTTPField.Name("Idempotency-Key")

    /// The statuses retried by default: 408, 429, 500, 502, 503, 504.
    public static let defaultRetryableStatuses: Set<HTTPResponse.Status> = [
        .requestTimeout, .tooManyRequests, .internalServerError, .badGateway, .serviceUnavailable, .gatewayTimeout,
    ]

    /// Creates a retry middleware; the defaults are 3 attempts within 30 s, backoff from 200 ms up to 10 s.
    public init(
        maxAttempts: Int = 3,
        maxTotalTime: Duration = .seconds(30),
        baseDelay: Duration = .milliseconds(200),
        maxDelay: Duration = .seconds(10),
        retryableStatuses: Set<HTTPResponse.Status> = RetryMiddleware.defaultRetryableStatuses,
        maxReplayedRetries: Int = 16
    ) {
        self.init(maxAttempts: maxAttempts, maxTotalTime: maxTotalTime, baseDelay: baseDelay, maxDelay: maxDelay,
                  retryableStatuses: retryableStatuses, maxReplayedRetries: maxReplayedRetries,
                  random: { Double.random(in: 0...1) })
    }

    /// Creates a retry middleware with its jitter, sleep and clock injected (Signet's own tests).
    package init(
        maxAttempts: Int = 3,
        maxTotalTime: Duration = .seconds(30),
        baseDelay: Duration = .milliseconds(200),
        maxDelay: Duration = .seconds(10),
        retryableStatuses: Set<HTTPResponse.Status> = RetryMiddleware.defaultRetryableStatuses,
        maxReplayedRetries: Int = 16,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.maxTotalTime = maxTotalTime
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.retryableStatuses = retryableStatuses
        self.maxReplayedRetries = max(0, maxReplayedRetries)
        self.random = random
        self.sleep = sleep
        self.now = now
    }

    /// True when `request` with `body` may be sent more than once.
    public static func mayRetry(_ request: HTTPRequest, body: Body) -> Bool {
        guard body.isReplayable else { return false }
        // GET first: the common case, answered without hashing the method.
        if request.method == .get || idempotentMethods.contains(request.method) { return true }
        if let idempotencyKey, request.headerFields[idempotencyKey] != nil { return true }
        return false
    }

    /// Sends the request, retrying by the rules above.
    public func intercept(
        _ request: HTTPRequest,
        body: Body,
        context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        let repeatable = RetryMiddleware.mayRetry(request, body: body)
        guard repeatable || body.isReplayable else {
            return try await next(request, body, context)
        }
        let start = now()
        // A retry runs within what is left of the budget: its deadline (the timeout middleware below keeps the
        // earlier of its own and this) is the budget's end. The first attempt has its own timeout, however long.
        let budgetEnd = maxTotalTime < Self.longestBoundedBudget ? ContinuousClock.now.advanced(by: maxTotalTime) : nil
        var context = context
        var retries = 0, replayedRetries = 0
        while true {
            let outcome: Result<(HTTPResponse, Body), SignetError>
            var replayed = false
            do {
                let answer = try await next(request, body, context)
                if answer.0.status == .unauthorized, Self.isReplayedRequest(answer.1) {
                    replayed = true
                } else if !repeatable || !retryableStatuses.contains(answer.0.status) {
                    return answer
                }
                outcome = .success(answer)
            } catch let error as SignetError where repeatable && error.isRetryableFailure {
                outcome = .failure(error)
            }
            let wait: Duration
            if replayed {
                replayedRetries += 1
                wait = .milliseconds(200) + .seconds(min(1, max(0, random())))
                guard replayedRetries <= maxReplayedRetries, !Task.isCancelled, now() + wait <= start + maxTotalTime,
                      Self.endsBefore(context.deadline, waiting: wait)
                else { return try outcome.get() }
            } else {
                retries += 1
                wait = delay(beforeRetry: retries, after: outcome, context: context)
                guard retries < maxAttempts, !Task.isCancelled, now() + wait <= start + maxTotalTime,
                      Self.endsBefore(context.deadline, waiting: wait)
                else { return try outcome.get() }
            }
            context.logger.info("retrying", metadata: [
                "signet.operation": "\(context.operation)",
                "signet.attempt": "\(context.attempt)",
                "signet.reason": "\(reason(outcome))",
                "signet.delay": "\(wait.secondsDescription)",
            ])
            context.events?.retrying(context, reason: replayed ? .replayedRequest : Self.retryReason(outcome), delay: wait)
            try await sleep(wait)
            context.attempt += 1
            if let budgetEnd, context.deadline.map({ budgetEnd < $0 }) ?? true { context.deadline = budgetEnd }
        }
    }

    /// A budget this long or longer is not made a deadline (an instant that far ahead would overflow).
    static let longestBoundedBudget = Duration.seconds(365 * 86_400)

    /// Whether a retry after `wait` starts before `deadline` (the caller's, or the budget's end).
    static func endsBefore(_ deadline: ContinuousClock.Instant?, waiting wait: Duration) -> Bool {
        guard let deadline else { return true }
        return ContinuousClock.now.duration(to: deadline) > wait
    }

    /// The wait before retry `retry` (1 for the first): the server's `Retry-After` when it parses,
    /// else full jitter.
    func delay(beforeRetry retry: Int, after outcome: Result<(HTTPResponse, Body), SignetError>,
               context: CallContext) -> Duration {
        if case .success(let (response, _)) = outcome,
           let value = response.headerFields[.retryAfter] {
            // An HTTP-date is the server's: measured from the answer's own Date, a client clock that is off (the
            // offset clock-skew correction learned applies only to signing) does not stretch or cancel the wait.
            let serverNow = response.headerFields[.date].flatMap { HTTPDate.parse($0) } ?? context.signingDate
            if let wait = RetryMiddleware.parseRetryAfter(value, now: serverNow) { return wait }
        }
        let doublings = min(retry - 1, 32)
        let cap = min(maxDelay.timeInterval, baseDelay.timeInterval * Double(UInt64(1) << UInt64(doublings)))
        let factor = min(1, max(0, random()))
        return .seconds(cap * factor)
    }

    /// The wait a `Retry-After` value asks for: delay-seconds, or an HTTP-date relative to `now`
    /// (a date in the past means no wait). `nil` when the value is neither. Delay-seconds of more than ten
    /// digits read as 9 999 999 999 s: longer than any budget, so the answer is returned, not retried at once.
    public static func parseRetryAfter(_ value: String, now: Date) -> Duration? {
        let trimmed = String(value[...].trimmingOptionalWhitespace())
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            guard trimmed.utf8.count <= 10, let seconds = Int(trimmed) else { return .seconds(9_999_999_999) }
            return .seconds(seconds)
        }
        if let date = HTTPDate.parse(trimmed) {
            return .seconds(max(0, date.timeIntervalSince(now)))
        }
        return nil
    }

    /// Whether a 401's body is the `replayed-request` refusal (`{"error_message": "replayed-request: …"}`).
    /// Only a body in memory is looked at (a streamed one is left for the caller).
    static func isReplayedRequest(_ body: Body) -> Bool {
        guard let bytes = body.inMemoryBytes, bytes.count <= 65_536 else { return false }
        struct Refusal: Decodable { let error_message: String }
        guard let refusal = try? JSONDecoder().decode(Refusal.self, from: Data(bytes)) else { return false }
        return refusal.error_message.hasPrefix("replayed-request")
    }

    /// The stable name of why `outcome` is retried.
    static func retryReason(_ outcome: Result<(HTTPResponse, Body), SignetError>) -> RetryReason {
        switch outcome {
        case .success(let (response, _)): return .status(response.status.code)
        case .failure(let error):
            if case .timeout = error.kind { return .timeout }
            return .transportFailure
        }
    }

    private func reason(_ outcome: Result<(HTTPResponse, Body), SignetError>) -> String {
        switch outcome {
        case .success(let (response, _)): return "status \(response.status.code)"
        case .failure(let error): return error.description
        }
    }
}

extension SignetError {
    /// True for failures a retry may cure: a transport failure or a per-attempt timeout.
    var isRetryableFailure: Bool {
        switch kind {
        case .transport, .timeout: return true
        default: return false
        }
    }
}
