import Synchronization

/// A key provider's answer within a time limit. The lookup runs in a task of its own, which is cancelled, not
/// awaited, once the limit passes: a provider that ignores cancellation (a stalled connection to a secrets
/// manager) cannot hold the request, which is refused with 503 like a provider that throws.
enum BoundedKeyLookup {
    /// The provider did not answer within the limit.
    struct TimedOut: Error, CustomStringConvertible {
        let limit: Duration
        var description: String { "the key provider did not answer within \(limit)" }
    }

    /// `provider`'s secrets for `apiKey`, or ``TimedOut`` after `limit`. Cancelling the caller cancels the lookup.
    static func secrets(
        for apiKey: String, from provider: any GameSystemKeyProvider, within limit: Duration
    ) async throws -> GameSystemSecrets? {
        let race = FirstOutcome<GameSystemSecrets?>()
        let lookup = Task {
            do { race.finish(.success(try await provider.secrets(for: apiKey))) } catch { race.finish(.failure(error)) }
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            race.finish(.failure(TimedOut(limit: limit)))
        }
        defer {
            lookup.cancel()
            timer.cancel()
        }
        return try await withTaskCancellationHandler {
            await race.value()
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }.get()
    }
}

/// The first of several outcomes (work, a timer, a cancellation), delivered once to one waiter: what a time
/// limit that does not wait for the work it gives up on is built from (key lookups here, PostgreSQL
/// operations in `SignetPostgres`).
package final class FirstOutcome<T: Sendable>: Sendable {
    private struct State {
        var outcome: Result<T, any Error>?
        var waiter: CheckedContinuation<Result<T, any Error>, Never>?
    }
    private let state = Mutex(State())

    /// An outcome not decided yet.
    package init() {}

    /// Records `outcome` unless one was recorded already, and wakes the waiter.
    package func finish(_ outcome: Result<T, any Error>) {
        let waiter: CheckedContinuation<Result<T, any Error>, Never>? = state.withLock { state in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }

    /// The first outcome, once there is one.
    package func value() async -> Result<T, any Error> {
        await withCheckedContinuation { continuation in
            let ready: Result<T, any Error>? = state.withLock { state in
                if let outcome = state.outcome { return outcome }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
