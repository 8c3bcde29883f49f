import Synchronization

/// Runs an operation in a task of its own and cancels it when a timer fires first: the timeout for
/// transports that cannot enforce a deadline themselves, and for the part of an exchange a transport's own
/// deadline does not cover. The task is always awaited, so nothing outlives
/// the call; cancelling the caller cancels the operation too.
package enum DeadlineRace {
    /// What ends the race.
    package enum Timer {
        /// The process-wide ``DeadlineTimer`` at this instant (no task or system timer per request).
        case shared(ContinuousClock.Instant)
        /// A sleep of this long, on a task of its own (tests inject one to decide when it fires).
        case sleep(Duration, @Sendable (Duration) async throws -> Void)
    }

    /// `operation`'s result, or ``SignetError/Kind/timeout(after:)`` (with the time that was left) when the
    /// timer fired first. The caller's cancellation propagates as the operation's own error.
    package static func run<Result: Sendable>(
        timer: Timer,
        _ operation: () async throws -> Result
    ) async throws -> Result {
        try await withoutActuallyEscaping(operation) { escapable in
            // `operation` is not Sendable, yet it must run in a task of its own to be cancellable. This is
            // sound: the task is awaited before this call returns (so it does not escape), and the calling
            // task stays suspended meanwhile (so it is never used from two tasks at once).
            nonisolated(unsafe) let operation = escapable
            // Started immediately: the operation runs on this thread until it first suspends, so one that
            // finds its data ready (a response body already received) finishes without a thread hop, and
            // then needs no timer at all.
            let expiry = Expiry()
            let run: @Sendable () async throws -> Result = {
                defer { expiry.finished.store(true, ordering: .releasing) }
                return try await operation()
            }
            let attempt: Task<Result, any Error>
            if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
                attempt = Task.immediate(operation: run)
            } else {
                attempt = Task(operation: run)   // older Apple systems: a hop, and always a timer
            }
            if expiry.finished.load(ordering: .acquiring) { return try await attempt.value }
            let (disarm, budget) = arm(timer) {
                expiry.fired.store(true, ordering: .releasing)
                attempt.cancel()
            }
            defer { disarm() }
            do {
                return try await withTaskCancellationHandler {
                    try await attempt.value
                } onCancel: {
                    attempt.cancel()
                }
            } catch {
                if expiry.fired.load(ordering: .acquiring), !Task.isCancelled {
                    throw SignetError(.timeout(after: budget))
                }
                throw error
            }
        }
    }

    /// Whether the operation finished (set by its task) and whether the timer fired (set by the timer),
    /// both read by the waiting call.
    private final class Expiry: Sendable {
        let finished = Atomic(false)
        let fired = Atomic(false)
    }

    /// Starts `timer`; returns the closure that stops it and the time the operation was given.
    private static func arm(_ timer: Timer, fire: @escaping @Sendable () -> Void) -> (() -> Void, Duration) {
        switch timer {
        case .shared(let deadline):
            let id = DeadlineTimer.shared.schedule(at: deadline, fire)
            return ({ DeadlineTimer.shared.cancel(id) }, ContinuousClock.now.duration(to: deadline))
        case .sleep(let duration, let sleep):
            let waiter = Task {
                do { try await sleep(duration) } catch { return }
                if !Task.isCancelled { fire() }
            }
            return ({ waiter.cancel() }, duration)
        }
    }
}
