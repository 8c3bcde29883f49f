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
        let race = Race()
        let lookup = Task { race.finish(await Result(catching: { try await provider.secrets(for: apiKey) })) }
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

    /// The first outcome, delivered once to the one waiter.
    private final class Race: Sendable {
        private struct State {
            var outcome: Result<GameSystemSecrets?, any Error>?
            var waiter: CheckedContinuation<Result<GameSystemSecrets?, any Error>, Never>?
        }
        private let state = Mutex(State())

        /// Records `outcome` unless one was recorded already, and wakes the waiter.
        func finish(_ outcome: Result<GameSystemSecrets?, any Error>) {
            let waiter: CheckedContinuation<Result<GameSystemSecrets?, any Error>, Never>? = state.withLock { state in
                guard state.outcome == nil else { return nil }
                state.outcome = outcome
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: outcome)
        }

        /// The first outcome, once there is one.
        func value() async -> Result<GameSystemSecrets?, any Error> {
            await withCheckedContinuation { continuation in
                let ready: Result<GameSystemSecrets?, any Error>? = state.withLock { state in
                    if let outcome = state.outcome { return outcome }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}

extension Result where Failure == any Error {
    /// The result of `body`, success or the error it threw.
    fileprivate init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
