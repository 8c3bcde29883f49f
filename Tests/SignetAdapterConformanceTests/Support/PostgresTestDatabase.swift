import Foundation
import Logging
import PostgresNIO
import SignetPostgres
import SignetTestSupport
import Testing

/// A fresh PostgreSQL database per test on the server `SIGNET_POSTGRES_URL` names, as in SignetServerTests:
/// outside CI without the variable the PostgreSQL cases are skipped with the reason; in CI (`CI=true`) they
/// run and fail without it, so a missing database is never silently green.
enum PostgresTestDatabase {
    static let environment = ProcessInfo.processInfo.environment
    static let serverURL = environment["SIGNET_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    /// Whether the PostgreSQL cases run: with a server, or in CI (where a missing one fails them).
    static let enabled = serverURL != nil || TestRun.inCI
    static let skipReason: Comment =
        "SIGNET_POSTGRES_URL is not set: PostgreSQL conformance skipped (bash .ci/run starts a throw-away cluster and sets it)"

    struct Missing: Error, CustomStringConvertible {
        var description: String { "SIGNET_POSTGRES_URL is not set in CI: .ci/run must start PostgreSQL for these tests" }
    }

    /// Creates an empty database, runs `body` with a running client on it, and drops it, sharing the cluster
    /// with the other PostgreSQL tests: SignetServerTests' restart test holds it alone (``SharedClusterAccess``).
    static func with(_ body: (PostgresClient) async throws -> Void) async throws {
        try await SharedClusterAccess.postgres.holding { try await withDatabase(body) }
    }

    private static func withDatabase(_ body: (PostgresClient) async throws -> Void) async throws {
        guard let serverURL, var components = URLComponents(string: serverURL) else { throw Missing() }
        let name = "signet_conformance_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))"
        try await client(on: serverURL, database: "postgres") { try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)")) }
        components.path = "/" + name
        do {
            try await client(on: components.string ?? serverURL, database: nil, body)
        } catch {
            try? await drop(name, serverURL)
            throw error
        }
        try? await drop(name, serverURL)
    }

    private static func drop(_ name: String, _ serverURL: String) async throws {
        try await client(on: serverURL, database: "postgres") {
            try await $0.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"))
        }
    }

    /// Runs `body` with a running client on `url` (its database replaced by `database` when given).
    private static func client(on url: String, database: String?, _ body: (PostgresClient) async throws -> Void) async throws {
        guard var components = URLComponents(string: url) else { throw Missing() }
        if let database { components.path = "/" + database }
        let configuration = try PostgresConnectionURL.configuration(components.string ?? url)
        let client = PostgresClient(configuration: configuration, backgroundLogger: ConformanceEnvironment.quiet)
        let running = Task { await client.run() }
        defer { running.cancel() }
        try await body(client)
    }
}
