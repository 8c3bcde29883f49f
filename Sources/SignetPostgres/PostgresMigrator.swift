import Logging
import PostgresNIO

/// Creates and upgrades Signet's tables at start-up: each migration runs once, in order, recorded in
/// `signet_migrations`. Several instances may start at once: the migrations run in one transaction under
/// an advisory lock, so one instance applies them and the others find them applied.
package enum PostgresMigrator {
    /// One schema change: a stable identifier and the statements to run.
    package struct Migration: Sendable {
        package let id: String
        package let statements: [String]
        package init(id: String, statements: [String]) {
            self.id = id
            self.statements = statements
        }
    }

    /// Applies the `migrations` not yet recorded.
    package static func apply(_ migrations: [Migration], client: PostgresClient, logger: Logger) async throws {
        try await PostgresOperation.run("migrating the schema", timeout: .seconds(30)) {
            try await client.withTransaction(logger: logger) { connection in
                // Waiting for another instance's migrations, or creating an index, may take longer than a request's statement.
                try await PostgresOperation.allowStatements(upTo: .seconds(28), on: connection, logger: logger)
                try await connection.query("SELECT pg_advisory_xact_lock(7370111001)", logger: logger)
                try await connection.query("""
                    CREATE TABLE IF NOT EXISTS signet_migrations (
                        id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                    """, logger: logger)
                var applied: Set<String> = []
                for try await id in try await connection.query("SELECT id FROM signet_migrations", logger: logger)
                    .decode(String.self) {
                    applied.insert(id)
                }
                for migration in migrations where !applied.contains(migration.id) {
                    for statement in migration.statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query("INSERT INTO signet_migrations (id) VALUES (\(migration.id))", logger: logger)
                }
            }
        }
    }
}
