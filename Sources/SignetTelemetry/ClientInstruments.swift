import CoreMetrics
import Foundation
import Signet
import Synchronization

/// The client's metrics, made once per operation name and kept: a call costs increments, not lookups.
final class ClientInstruments: Sendable {
    /// The metrics of one operation.
    final class Operation: Sendable {
        let name: String
        let factory: any MetricsFactory
        let duration: CoreMetrics.Timer
        let attempts: Counter
        let corrections: Counter
        let correctionSize: Recorder
        private let outcomes = Mutex<[String: Counter]>([:])
        private let retries = Mutex<[RetryReason: Counter]>([:])

        init(_ name: String, factory: any MetricsFactory) {
            self.name = name
            self.factory = factory
            let dimensions = [("operation", name)]
            duration = CoreMetrics.Timer(label: "signet_client_call_duration_seconds", dimensions: dimensions, factory: factory)
            attempts = Counter(label: "signet_client_attempts_total", dimensions: dimensions, factory: factory)
            corrections = Counter(label: "signet_client_clock_skew_corrections_total", dimensions: dimensions, factory: factory)
            correctionSize = Recorder(label: "signet_client_clock_skew_correction_seconds", dimensions: dimensions,
                                      aggregate: true, factory: factory)
        }

        func call(outcome: String) {
            outcomes.withLock { counters in
                let counter = counters[outcome] ?? Counter(label: "signet_client_calls_total",
                                                           dimensions: [("operation", name), ("outcome", outcome)], factory: factory)
                counters[outcome] = counter
                return counter
            }.increment()
        }

        func retry(_ reason: RetryReason) {
            retries.withLock { counters in
                let counter = counters[reason] ?? Counter(label: "signet_client_retries_total",
                                                          dimensions: [("operation", name), ("reason", reason.rawValue)], factory: factory)
                counters[reason] = counter
                return counter
            }.increment()
        }
    }

    let factory: any MetricsFactory
    private let operations = Mutex<[String: Operation]>([:])

    init(factory: any MetricsFactory) { self.factory = factory }

    /// The metrics of `operation`, made at its first call.
    func operation(_ name: String) -> Operation {
        operations.withLock { operations in
            if let known = operations[name] { return known }
            let made = Operation(name, factory: factory)
            operations[name] = made
            return made
        }
    }
}

/// What one call learned from the chain: its retries and clock-skew corrections (the ``CallEventObserver`` of
/// one call), read by the attempt spans and counted in the operation's metrics.
final class CallRecorder: CallEventObserver {
    let metrics: ClientInstruments.Operation
    private let state = Mutex<(attempts: Int, pendingReason: RetryReason?)>((0, nil))

    init(metrics: ClientInstruments.Operation) { self.metrics = metrics }

    var attempts: Int { state.withLock { $0.attempts } }

    /// Counts an attempt starting; answers why it is a retry, when it is one.
    func attemptStarting() -> RetryReason? {
        metrics.attempts.increment()
        return state.withLock { state in
            state.attempts += 1
            defer { state.pendingReason = nil }
            return state.pendingReason
        }
    }

    func retrying(_ context: CallContext, reason: RetryReason, delay: Duration) {
        metrics.retry(reason)
        state.withLock { $0.pendingReason = reason }
    }

    func clockOffsetCorrected(_ context: CallContext, host: String, from previous: TimeInterval, to offset: TimeInterval) {
        metrics.corrections.increment()
        metrics.correctionSize.record(abs(offset - previous))
    }
}
