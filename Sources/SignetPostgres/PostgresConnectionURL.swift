import Foundation
import PostgresNIO

/// Reads a `postgres://user:password@host:port/database` URL (also `postgresql://`) into a
/// `PostgresClient.Configuration`.
///
/// `sslmode=disable` (or none, for loopback hosts) connects in the clear; `sslmode=require` uses TLS with
/// certificate verification. The password, if any, is kept only inside the configuration and never in
/// errors or descriptions.
///
/// Its connections ask PostgreSQL to cancel any statement that runs longer than 2 s (`statement_timeout`), so
/// that a claim or a change that took too long is rolled back, rather than applied after Signet answered 503
/// (each Signet operation waits 1 s past that bound for the cancellation). A client configured otherwise
/// should set a `statement_timeout` below 3 s for the same guarantee.
public enum PostgresConnectionURL {
    /// Why a URL was refused.
    public struct Invalid: Error, CustomStringConvertible, Sendable {
        /// What is wrong with it (the URL itself is not repeated: it may hold a password).
        public let reason: String
        /// `invalid PostgreSQL URL: reason`.
        public var description: String { "invalid PostgreSQL URL: \(reason)" }
    }

    /// The client configuration for `text`.
    public static func configuration(_ text: String) throws(Invalid) -> PostgresClient.Configuration {
        guard let components = URLComponents(string: text) else { throw Invalid(reason: "not a URL") }
        guard let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme.lowercased()) else {
            throw Invalid(reason: "the scheme must be postgres:// or postgresql://")
        }
        guard let host = components.host, !host.isEmpty else { throw Invalid(reason: "no host") }
        guard let user = components.user, !user.isEmpty else { throw Invalid(reason: "no user name (postgres://USER@host/db)") }
        let database = String(components.path.drop { $0 == "/" })
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw Invalid(reason: "port \(port) is out of range") }
        let sslMode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
        let tls: PostgresClient.Configuration.TLS
        switch sslMode {
        case "disable", "allow", "prefer": tls = .disable
        case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
        default: throw Invalid(reason: "sslmode must be disable, prefer or require, not '\(sslMode)'")
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user.removingPercentEncoding ?? user,
            password: components.password.map { $0.removingPercentEncoding ?? $0 },
            database: database.isEmpty ? nil : database, tls: tls)
        configuration.options.connectTimeout = .seconds(3)
        // PostgreSQL cancels a statement that runs past this, so one that took too long is rolled back
        // rather than applied after its caller gave up on it (PostgresOperation.statementTimeout).
        configuration.options.additionalStartupParameters = [("statement_timeout", PostgresOperation.statementTimeout.statementTimeoutText)]
        configuration.options.maximumConnections = 32
        return configuration
    }
}
