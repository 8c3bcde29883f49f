import Foundation
import Logging
import PostgresNIO
import SignetCrypto
import SignetGameSystem
import SignetVerification

/// A `ReplayStore` in PostgreSQL, shared by every server instance on the database: an exact replay of a
/// request one instance accepted is refused by all.
///
/// A claim is one statement, `INSERT … ON CONFLICT DO UPDATE … WHERE expired`, on a primary key over the
/// request's canonical identity: of two instances claiming the same request at once, exactly one gets the
/// row back (accepted); the other sees the conflict (replayed). An entry is never removed before it
/// expires; expired rows are deleted in bounded batches as claims go by, off the request path. The database
/// has no capacity limit of its own, so it never answers `ReplayClaim.storeFull(retryAfter:)`; when it cannot
/// be reached the claim throws ``PostgresUnavailable`` and the request gets 503, never acceptance.
public final class PostgresReplayStore: ReplayStore {
    private let client: PostgresClient
    private let logger: Logger
    /// Deletes expired rows in batches, every 512 claims, off the request path.
    package let sweeper = ExpirySweeper(table: .replays)

    /// The tables this store needs (created by ``migrate(client:logger:)``).
    package static let migrations = [PostgresMigrator.Migration(id: "signet-replays-v1", statements: [
        """
        CREATE TABLE signet_replays (
            identity text PRIMARY KEY,
            expires_at timestamptz NOT NULL)
        """,
        "CREATE INDEX signet_replays_expiry ON signet_replays (expires_at)",
    ])]

    /// A store on `client`, which must be running (`client.run()`, or in a `ServiceGroup`).
    public init(client: PostgresClient, logger: Logger = Logger(label: "signet.postgres")) {
        self.client = client
        self.logger = logger
    }

    /// Creates or upgrades the store's table (idempotent; safe from several instances at once).
    public static func migrate(client: PostgresClient, logger: Logger = Logger(label: "signet.postgres")) async throws {
        try await PostgresMigrator.apply(migrations, client: client, logger: logger)
    }

    /// Records `request` until `expiry`; see `ReplayStore.claim(_:until:now:)`.
    public func claim(_ request: GameSystemVerifiedRequest, until expiry: Date, now: Date) async throws -> ReplayClaim {
        let identity = Self.identity(request)
        let (client, logger) = (self.client, self.logger)
        sweeper.tick(client: client, now: now, logger: logger)
        return try await PostgresOperation.run("claiming a replay identity") {
            let rows = try await client.query("""
                INSERT INTO signet_replays (identity, expires_at) VALUES (\(identity), \(expiry))
                ON CONFLICT (identity) DO UPDATE SET expires_at = EXCLUDED.expires_at
                WHERE signet_replays.expires_at < \(now)
                RETURNING 1
                """, logger: logger)
            var accepted = false
            for try await _ in rows { accepted = true }
            return accepted ? .accepted : .replayed
        }
    }

    /// The longest identity kept as it is, in bytes. A B-tree entry holds about 2,700 bytes, and the signed
    /// path is the client's to make long: a 3 KB path made PostgreSQL refuse the row (54000), and the request
    /// was answered 503 as though the store were down.
    static let longestPlainIdentity = 512

    /// The canonical identity as one key: the fields joined by a byte that none of them can hold; past
    /// ``longestPlainIdentity`` bytes, `sha1:` and the hex SHA-1 of those bytes (no 0x1F in it, so it cannot be
    /// a plain identity). A collision would refuse a request as a replay, never accept one.
    package static func identity(_ request: GameSystemVerifiedRequest) -> String {
        var joined = [request.apiKey, request.signature, String(request.dateSeconds), request.contentMD5, request.method, request.path]
            .joined(separator: "\u{1F}")
        guard joined.utf8.count > longestPlainIdentity else { return joined }
        let digest = joined.withUTF8 { bytes -> Digest? in
            do { return try SHA1.hash(UnsafeRawBufferPointer(bytes)) } catch { return nil }
        }
        // Without SHA-1 (no backend) the plain identity is sent, and PostgreSQL may refuse it (503).
        return digest.map { "sha1:" + $0.hex } ?? joined
    }
}
