import Foundation
import Logging
import PostgresNIO
import SignetVerification
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
    /// The longest PostgreSQL itself runs one statement on a connection made from
    /// ``PostgresConnectionURL/configuration(_:)`` (its `statement_timeout`): 2 s. PostgreSQL cancels such a
    /// statement, and rolls its transaction back, before the operation's own limit gives up on it, so a
    /// statement that took too long is not applied later, after its caller answered 503.
    package static let statementTimeout: Duration = .seconds(2)

    /// How long an operation waits for PostgreSQL's own cancellation to arrive, past ``statementTimeout``.
    package static let cancellationMargin: Duration = .seconds(1)

    /// The default limit for one operation (a claim, a transaction): 3 s, ``statementTimeout`` and the
    /// ``cancellationMargin``.
    package static let defaultTimeout: Duration = statementTimeout + cancellationMargin

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
        let race = FirstOutcome<T>()
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
    /// as in ``run(_:timeout:_:)``; by default, the wait, ``statementTimeout`` and the ``cancellationMargin``:
    /// a statement on a connection leased late still has its whole `statement_timeout`, and PostgreSQL's
    /// cancellation of it arrives before this limit.
    package static func withConnection<T: Sendable>(
        _ what: String, client: PostgresClient, wait: Duration, timeout: Duration? = nil,
        _ work: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let gate = LeaseGate()
        let timeout = timeout ?? wait + statementTimeout + cancellationMargin
        return try await run(what, timeout: timeout, giveUp: (wait, gate)) {
            try await client.withConnection { connection in
                guard gate.lease() else { throw PostgresPoolBusy(wait: wait) }
                return try await work(connection)
            }
        }
    }

    /// Lets the statements of the transaction open on `connection` run up to `limit` each, where the
    /// connection's `statement_timeout` would stop them sooner (a migration, a seed, an advisory lock waited
    /// on): `SET LOCAL`, which ends with the transaction. Give a `limit` below the operation's own.
    package static func allowStatements(upTo limit: Duration, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT set_config('statement_timeout', \(limit.statementTimeoutText), true)", logger: logger)
    }

    /// Decides, once, whether a request got a connection in time or gave up waiting for one.
    private final class LeaseGate: Sendable {
        private let state = Atomic<UInt8>(0)   // 0 waiting, 1 leased, 2 gave up
        /// True when the connection may be used (the wait has not given up).
        func lease() -> Bool { state.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged }
        /// True when the request gives up (no connection was leased yet).
        func giveUp() -> Bool { state.compareExchange(expected: 0, desired: 2, ordering: .acquiringAndReleasing).exchanged }
    }
}

extension PSQLError {
    /// True when the database could not be reached or the connection broke, rather than a query fault:
    /// every client-side failure (connection, protocol, pool), and server errors of the classes
    /// connection exception (08), insufficient resources (53) and operator intervention (57: a shutdown, or
    /// a statement cancelled at its `statement_timeout`, which rolled it back).
    package var isConnectionFailure: Bool {
        guard code == .server else { return true }
        let state = serverInfo?[.sqlState] ?? ""
        return state.hasPrefix("08") || state.hasPrefix("53") || state.hasPrefix("57")
    }
}

extension Duration {
    /// The duration as a `statement_timeout` setting: whole milliseconds, `"2000ms"`.
    var statementTimeoutText: String {
        "\(components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000)ms"
    }
}
