#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Told what the chain's middleware decide during one call: each retry and each clock-skew correction.
///
/// `SignetTelemetry` puts one in the call's context to count retries by reason and to put them on the
/// attempt's span; any middleware may do the same. ``RetryMiddleware`` and ``ClockSkewMiddleware`` report
/// to the observer in `context.values[CallEvents.self]`, when there is one.
public protocol CallEventObserver: Sendable {
    /// The call is about to be retried after `delay`, for `reason`; `context.attempt` is the attempt that failed.
    func retrying(_ context: CallContext, reason: RetryReason, delay: Duration)
    /// The clock offset for `host` was corrected from `previous` to `offset` seconds after a 401's `Date`,
    /// and the attempt is about to be sent again, re-signed.
    func clockOffsetCorrected(_ context: CallContext, host: String, from previous: TimeInterval, to offset: TimeInterval)
}

/// The ``CallContextKey`` under which a call's ``CallEventObserver`` travels.
public enum CallEvents: CallContextKey {
    /// The observer.
    public typealias Value = any CallEventObserver
}

/// Why an attempt was retried: a stable name for metrics and traces.
public struct RetryReason: Hashable, Sendable, CustomStringConvertible {
    /// `transport`, `timeout`, `replayed-request` or `status-NNN`.
    public let rawValue: String

    /// The connection failed.
    public static let transportFailure = RetryReason(rawValue: "transport")
    /// The attempt took longer than its timeout.
    public static let timeout = RetryReason(rawValue: "timeout")
    /// The server refused an exact replay of the signed request; it is signed anew.
    public static let replayedRequest = RetryReason(rawValue: "replayed-request")
    /// The server answered `code`, one of the retryable statuses.
    public static func status(_ code: Int) -> RetryReason { RetryReason(rawValue: "status-\(code)") }

    /// The name.
    public var description: String { rawValue }
}

extension CallContext {
    /// The call's observer, when middleware put one in ``values``.
    var events: (any CallEventObserver)? { values[CallEvents.self] }
}
