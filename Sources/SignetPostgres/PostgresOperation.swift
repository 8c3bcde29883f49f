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

/// Every connection of the pool stayed busy for the whole wait: nothing was sent, the caller answers 503.
package struct PostgresPoolBusy: Error, CustomStringConvertible, Sendable {
    /// How long the request waited for a connection.
    package let wait: Duration
    /// `every PostgreSQL connection stayed busy for …`.
    package var description: String { "every PostgreSQL connection stayed busy for \(wait)" }
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
        try await run(what, timeout: timeout, giveUp: nil, work)
    }

    /// ``run(_:timeout:_:)``, which also ends with ``PostgresPoolBusy`` when `giveUp`'s gate has not let a
    /// connection through after its wait.
    private static func run<T: Sendable>(
        _ what: String, timeout: Duration, giveUp: (wait: Duration, gate: LeaseGate)?,
        _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let race = Race<T>()
        let task = Task {
            do { race.finish(.success(try await work())) } catch { race.finish(.failure(error)) }
        }
        // One timer for both limits: first the wait for a connection, then the rest of the time limit.
        let timer = Task {
            var left = timeout
            if let (wait, gate) = giveUp, wait < timeout {
                try? await Task.sleep(for: wait)
                if Task.isCancelled { return }
                if gate.giveUp() { return race.finish(.failure(PostgresPoolBusy(wait: wait))) }
                left = timeout - wait
            }
            try? await Task.sleep(for: left)
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

    /// `work`'s result on a connection leased within `wait`, or ``PostgresPoolBusy`` when every connection stayed
    /// busy that long: then nothing was sent, for certain (a connection leased after the wait is handed back
    /// unused), so the caller may answer 503 and the client retry. The whole operation is bounded by `timeout`
    /// as in ``run(_:timeout:_:)``.
    package static func withConnection<T: Sendable>(
        _ what: String, client: PostgresClient, wait: Duration, timeout: Duration = defaultTimeout,
        _ work: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let gate = LeaseGate()
        return try await run(what, timeout: timeout, giveUp: (wait, gate)) {
            try await client.withConnection { connection in
                guard gate.lease() else { throw PostgresPoolBusy(wait: wait) }
                return try await work(connection)
            }
        }
    }

    /// Decides, once, whether a request got a connection in time or gave up waiting for one.
    private final class LeaseGate: Sendable {
        private let state = Atomic<UInt8>(0)   // 0 waiting, 1 leased, 2 gave up
        /// True when the connection may be used (the wait has not given up).
        func lease() -> Bool { state.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged }
        /// True when the request gives up (no connection was leased yet).
        func giveUp() -> Bool { state.compareExchange(expected: 0, desired: 2, ordering: .acquiringAndReleasing).exchanged }
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
