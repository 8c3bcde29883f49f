import Foundation
import Logging
import PostgresNIO
import Synchronization

/// Deletes a store's expired rows in bounded batches, off the request path, so no table grows without end.
///
/// Every ``interval`` operations a store calls ``tick(client:now:logger:)``, and one sweep starts in a task of
/// its own (never two at once in one process): at most ``batch`` rows per statement, at most ``maxBatches``
/// statements per sweep, each through the `expires_at` index. The outer statement checks the expiry again, so a
/// row that another instance claimed anew between the two looks (a taken-over replay or idempotency row) is
/// kept: a sweep never deletes a row inside its lifetime.
package final class ExpirySweeper: Sendable {
    /// The tables swept, and their statements (fixed text: the table name is never a bind).
    package enum Table: Sendable {
        case replays
        case idempotency

        package var delete: String {
            switch self {
            case .replays:
                """
                DELETE FROM signet_replays WHERE expires_at < $1 AND identity IN (
                    SELECT identity FROM signet_replays WHERE expires_at < $1 LIMIT $2)
                RETURNING 1
                """
            case .idempotency:
                """
                DELETE FROM signet_idempotency WHERE expires_at < $1 AND (api_key, key) IN (
                    SELECT api_key, key FROM signet_idempotency WHERE expires_at < $1 LIMIT $2)
                RETURNING 1
                """
            }
        }
    }

    package let table: Table
    /// Operations between two sweeps.
    package let interval: Int
    /// The most rows one statement deletes.
    package let batch: Int
    /// The most statements one sweep runs.
    package let maxBatches: Int
    private let operations = Atomic<Int>(0)
    private let sweeping = Atomic<Bool>(false)

    package init(table: Table, interval: Int = 512, batch: Int = 1_000, maxBatches: Int = 50) {
        self.table = table
        self.interval = max(1, interval)
        self.batch = max(1, batch)
        self.maxBatches = max(1, maxBatches)
    }

    /// Counts one operation; every ``interval``-th starts a sweep unless one is running.
    package func tick(client: PostgresClient, now: Date, logger: Logger) {
        guard operations.add(1, ordering: .relaxed).newValue % interval == 0,
              sweeping.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return }
        Task {
            defer { sweeping.store(false, ordering: .releasing) }
            do {
                _ = try await sweep(client: client, now: now, logger: logger)
            } catch {
                logger.debug("expired rows were not deleted this time", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
    }

    /// Deletes rows that expired before `now`, a batch at a time, until a batch comes back short or
    /// ``maxBatches`` ran; answers how many rows went.
    @discardableResult
    package func sweep(client: PostgresClient, now: Date, logger: Logger) async throws -> Int {
        var deleted = 0
        for _ in 0..<maxBatches {
            var binds = PostgresBindings()
            binds.append(now)
            binds.append(batch)
            let query = PostgresQuery(unsafeSQL: table.delete, binds: binds)
            let count = try await PostgresOperation.run("deleting expired rows") {
                try await client.withConnection { connection in
                    try await connection.query(query, logger: logger).collect().count
                }
            }
            deleted += count
            if count < batch { break }
        }
        return deleted
    }
}
