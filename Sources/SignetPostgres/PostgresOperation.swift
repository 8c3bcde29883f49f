import Foundation
import Logging
import PostgresNIO
import Synchronization

/// The database could not answer in time, or at all: callers answer 503 and never apply anything.
public struct PostgresUnavailable: Error, CustomStringConvertible, Sendable {
    /// What failed, without query text or credentials.
    public let reason: String
    /// Creates an error.
    public init(reason: String) { self.reason = reason }
    /// `PostgreSQL is unavailable: reason`.
    public var description: String { "PostgreSQL is unavailable: \(reason)" }
}

/// Runs database work with a time limit, so that a database that is down or hanging turns into a prompt
/// ``PostgresUnavailable`` instead of a request that waits for a connection forever.
package enum PostgresOperation {
    /// The default limit for one operation (a claim, a transaction): 3 s.
    package static let defaultTimeout: Duration = .seconds(3)

    /// `work`'s result, or ``PostgresUnavailable`` when it fails with a connection or server error, or
    /// takes longer than `timeout`. Errors of other types (a constraint the caller handles) pass through.
    ///
    /// The work runs in a task of its own that is cancelled, not awaited, when the time is up: waiting for a
    /// connection from the pool does not always end promptly on cancellation, and the caller must not hang
    /// with it. Cancelling the caller cancels the work.
    @discardableResult
    package static func run<T: Sendable>(
        _ what: String, timeout: Duration = defaultTimeout, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let race = Race<T>()
        let task = Task {
            do { race.finish(.success(try await work())) } catch { race.finish(.failure(error)) }
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            race.finish(.failure(PostgresUnavailable(reason: "\(what) took longer than \(timeout)")))
        }
        defer {
            task.cancel()
            timer.cancel()
        }
        let result = await withTaskCancellationHandler {
            await race.value()
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
        do {
            return try result.get()
        } catch let error as PSQLError where error.isConnectionFailure {
            throw PostgresUnavailable(reason: "\(what): \(error.code)")
        }
    }

    /// The first of several outcomes, delivered once to one waiter.
    private final class Race<T: Sendable>: Sendable {
        private struct State {
            var outcome: Result<T, any Error>?
            var waiter: CheckedContinuation<Result<T, any Error>, Never>?
        }
        private let state = Mutex(State())

        /// Records `outcome` unless one was recorded already, and wakes the waiter.
        func finish(_ outcome: Result<T, any Error>) {
            let waiter: CheckedContinuation<Result<T, any Error>, Never>? = state.withLock { state in
                guard state.outcome == nil else { return nil }
                state.outcome = outcome
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: outcome)
        }

        /// The first outcome, once there is one.
        func value() async -> Result<T, any Error> {
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
}

extension PSQLError {
    /// True when the database could not be reached or the connection broke, rather than a query fault:
    /// every client-side failure (connection, protocol, pool), and server errors of the classes
    /// connection exception (08), insufficient resources (53) and operator intervention (57, a shutdown).
    package var isConnectionFailure: Bool {
        guard code == .server else { return true }
        let state = serverInfo?[.sqlState] ?? ""
        return state.hasPrefix("08") || state.hasPrefix("53") || state.hasPrefix("57")
    }
}
