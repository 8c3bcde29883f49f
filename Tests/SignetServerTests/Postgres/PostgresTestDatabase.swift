import Foundation
import Logging
import PostgresNIO
import SignetPostgres
import SignetTestSupport
import Testing

/// A fresh PostgreSQL database per test, on the server `SIGNET_POSTGRES_URL` names (`.ci/run` starts a
/// throw-away cluster and sets it). Outside CI, without the variable, the PostgreSQL tests are skipped with
/// the reason printed; in CI (`CI=true`) they run and fail, so a missing database is never silently green.
enum PostgresTestDatabase {
    static let environment = ProcessInfo.processInfo.environment
    static let serverURL = environment["SIGNET_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    /// Whether the PostgreSQL tests run: with a server, or in CI (where a missing one fails them).
    static let enabled = serverURL != nil || TestRun.inCI
    static let skipReason: Comment =
        "SIGNET_POSTGRES_URL is not set: PostgreSQL tests skipped (bash .ci/run starts a throw-away cluster and sets it)"
    /// The command that restarts the cluster (`.ci/postgres.sh restart DIR`), for the restart test.
    static let restartCommand = environment["SIGNET_POSTGRES_RESTART"].flatMap { $0.isEmpty ? nil : $0 }

    struct RestartFailed: Error, CustomStringConvertible {
        let status: Int32
        var description: String { "restarting PostgreSQL failed with status \(status)" }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "SIGNET_POSTGRES_URL is not set in CI: .ci/run must start PostgreSQL for these tests" }
    }

    /// Creates an empty database, runs `body` with its URL, and drops it, sharing the cluster with the other
    /// PostgreSQL tests of any target (``SharedClusterAccess``).
    static func with<T>(_ body: (String) async throws -> T) async throws -> T {
        try await SharedClusterAccess.postgres.holding { try await withDatabase(body) }
    }

    /// ``with(_:)`` holding the cluster alone: no other PostgreSQL test runs meanwhile. For the test that
    /// restarts the cluster.
    static func alone<T>(_ body: (String) async throws -> T) async throws -> T {
        try await SharedClusterAccess.postgres.holdingAlone { try await withDatabase(body) }
    }

    private static func withDatabase<T>(_ body: (String) async throws -> T) async throws -> T {
        guard let serverURL, var components = URLComponents(string: serverURL) else { throw Missing() }
        let name = "signet_test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))"
        try await admin(serverURL) { client in
            try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
        }
        components.path = "/" + name
        let url = components.string ?? serverURL
        do {
            let result = try await body(url)
            try? await drop(name, serverURL: serverURL)
            return result
        } catch {
            try? await drop(name, serverURL: serverURL)
            throw error
        }
    }

    private static func drop(_ name: String, serverURL: String) async throws {
        try await admin(serverURL) { client in
            try await client.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"))
        }
    }

    /// Runs `body` with a client on the server's `postgres` database.
    static func admin(_ url: String, _ body: (PostgresClient) async throws -> Void) async throws {
        guard var components = URLComponents(string: url) else { throw Missing() }
        components.path = "/postgres"
        let configuration = try PostgresConnectionURL.configuration(components.string ?? url)
        let client = PostgresClient(configuration: configuration, backgroundLogger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let running = Task { await client.run() }
        defer { running.cancel() }
        try await body(client)
    }

    /// Restarts the cluster (stopped immediately, down for about two seconds, started on the same port).
    static func restart() async throws {
        guard let restartCommand else { return }
        // Down for six seconds: longer than the server's three-second limit per database operation, so
        // requests meanwhile get 503 rather than waiting for the database to come back. Started with
        // posix_spawn and reaped with waitpid: Foundation's Process does not always see this child exit here.
        let command = "SIGNET_POSTGRES_DOWN_SECONDS=6 " + restartCommand
        var pid: pid_t = 0
        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        guard posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ) == 0 else { throw RestartFailed(status: -1) }
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 { try await Task.sleep(for: .milliseconds(50)) }
        if status != 0 { throw RestartFailed(status: status) }
    }
}

/// Every PostgreSQL test, one at a time (``PostgresTestDatabase/with(_:)`` holds the cluster): the restart test
/// stops the shared cluster, which the others must not see. Skipped outside CI without `SIGNET_POSTGRES_URL`.
@Suite("PostgreSQL", .enabled(if: PostgresTestDatabase.enabled, PostgresTestDatabase.skipReason))
enum PostgresTests {}
