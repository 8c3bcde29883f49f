import Foundation
import HTTPTypes
import Logging
import PostgresNIO
import SignetVerification

/// An `IdempotencyStore` in PostgreSQL, shared by every server instance on the database.
///
/// ``begin(_:now:)`` is one atomic statement: it inserts an in-flight row for (API key, key), or takes over
/// an expired one; of two instances beginning the same key at once exactly one proceeds, and the other is
/// told the request is in progress (409) or, once the first completed, gets its response. A record is kept
/// for ``lifetime`` after completion.
///
/// An in-flight row whose handler never finished (its instance died) is taken over after ``inFlightLifetime``:
/// set it above the longest a handler runs, as a handler still running then would run twice. The attempt
/// that took a key over holds it: the first attempt's late `complete` or `abandon` changes nothing
/// (`IdempotencyRequest.claim`).
///
/// Expired rows are deleted in bounded batches as claims go by, off the request path, so the table holds
/// about one lifetime's records.
public final class PostgresIdempotencyStore: IdempotencyStore {
    private let client: PostgresClient
    private let logger: Logger
    /// How long a completed record is kept, in seconds (one hour by default).
    public let lifetime: TimeInterval
    /// How long an unfinished claim holds its key (60 s by default).
    public let inFlightLifetime: TimeInterval
    /// Deletes expired records in batches, every 512 claims, off the request path.
    package let sweeper = ExpirySweeper(table: .idempotency)

    /// The tables this store needs (created by ``migrate(client:logger:)``).
    package static let migrations = [PostgresMigrator.Migration(id: "signet-idempotency-v1", statements: [
        """
        CREATE TABLE signet_idempotency (
            api_key text NOT NULL,
            key text NOT NULL,
            fingerprint text NOT NULL,
            done boolean NOT NULL DEFAULT false,
            status integer,
            content_type text,
            body bytea,
            expires_at timestamptz NOT NULL,
            PRIMARY KEY (api_key, key))
        """,
        "CREATE INDEX signet_idempotency_expiry ON signet_idempotency (expires_at)",
    ]), PostgresMigrator.Migration(id: "signet-idempotency-v2-claim", statements: [
        // The claim that holds the row (IdempotencyRequest.claim): only it completes or releases the row, so
        // an attempt whose key was taken over after `inFlightLifetime` cannot touch the next attempt's claim.
        // NULL on rows written in one transaction (the reference server's event function), which are done.
        "ALTER TABLE signet_idempotency ADD COLUMN claim uuid",
    ]), PostgresMigrator.Migration(id: "signet-idempotency-v3-fields", statements: [
        // The stored answer's other header fields (StoredResponse.fields: Location, ETag…), as `name: value`
        // lines; empty for rows without any.
        "ALTER TABLE signet_idempotency ADD COLUMN fields text NOT NULL DEFAULT ''",
    ])]

    /// A store on `client`, which must be running.
    public init(client: PostgresClient, lifetime: TimeInterval = 3_600, inFlightLifetime: TimeInterval = 60,
                logger: Logger = Logger(label: "signet.postgres")) {
        self.client = client
        self.lifetime = lifetime
        self.inFlightLifetime = inFlightLifetime
        self.logger = logger
    }

    /// Creates or upgrades the store's table.
    public static func migrate(client: PostgresClient, logger: Logger = Logger(label: "signet.postgres")) async throws {
        try await PostgresMigrator.apply(migrations, client: client, logger: logger)
    }

    /// Claims the key; see `IdempotencyStore.begin(_:now:)`.
    public func begin(_ request: IdempotencyRequest, now: Date) async throws -> IdempotencyBegin {
        let (client, logger, claimExpiry) = (self.client, self.logger, now.addingTimeInterval(inFlightLifetime))
        sweeper.tick(client: client, now: now, logger: logger)
        return try await PostgresOperation.run("claiming an idempotency key") {
            try await client.withConnection { connection in
                try await Self.begin(request, now: now, claimExpiry: claimExpiry, on: connection, logger: logger)
            }
        }
    }

    /// Claims `request`'s key on `connection` (inside the caller's transaction, when it has one: then the
    /// claim commits or rolls back with the caller's work, and a concurrent claim of the same key waits for
    /// it). One statement inserts the row or takes over an expired one; when neither happens, the row found
    /// says what to answer.
    package static func begin(
        _ request: IdempotencyRequest, now: Date, claimExpiry: Date, on connection: PostgresConnection, logger: Logger
    ) async throws -> IdempotencyBegin {
        let claimed = try await connection.query("""
            INSERT INTO signet_idempotency (api_key, key, fingerprint, claim, expires_at)
            VALUES (\(request.apiKey), \(request.key), \(request.fingerprint), \(request.claim), \(claimExpiry))
            ON CONFLICT (api_key, key) DO UPDATE
            SET fingerprint = EXCLUDED.fingerprint, claim = EXCLUDED.claim, done = false, status = NULL,
                content_type = NULL, body = NULL, fields = '', expires_at = EXCLUDED.expires_at
            WHERE signet_idempotency.expires_at < \(now)
            RETURNING 1
            """, logger: logger)
        var proceed = false
        for try await _ in claimed { proceed = true }
        if proceed { return .proceed }
        let rows = try await connection.query("""
            SELECT fingerprint, done, status, content_type, body, fields FROM signet_idempotency
            WHERE api_key = \(request.apiKey) AND key = \(request.key)
            """, logger: logger)
        for try await (fingerprint, done, status, contentType, body, fields)
            in rows.decode((String, Bool, Int?, String?, ByteBuffer?, String).self) {
            guard fingerprint == request.fingerprint else { return .conflict }
            guard done, let status else { return .inProgress }
            return .replay(StoredResponse(status: status, contentType: contentType,
                                          body: body.map { Array($0.readableBytesView) } ?? [], fields: Self.fields(from: fields)))
        }
        // Deleted between the two statements (abandoned): the next attempt claims it.
        return .inProgress
    }

    /// Stores the response of `request`'s claim, kept for ``lifetime``; nothing when the claim lost its key.
    public func complete(_ request: IdempotencyRequest, with response: StoredResponse, now: Date) async throws {
        let (client, logger, expiry) = (self.client, self.logger, now.addingTimeInterval(lifetime))
        try await PostgresOperation.run("storing an idempotent response") {
            try await client.withConnection { connection in
                try await Self.complete(request, with: response, until: expiry, on: connection, logger: logger)
            }
        }
    }

    /// Stores the response of a claimed request on `connection`, kept until `expiry`.
    package static func complete(
        _ request: IdempotencyRequest, with response: StoredResponse, until expiry: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        let body = ByteBuffer(bytes: response.body)
        try await connection.query("""
            UPDATE signet_idempotency
            SET done = true, status = \(response.status), content_type = \(response.contentType), body = \(body),
                fields = \(Self.text(of: response.fields)), expires_at = \(expiry)
            WHERE api_key = \(request.apiKey) AND key = \(request.key) AND claim = \(request.claim) AND NOT done
            """, logger: logger)
    }

    /// `fields` as `name: value` lines, each ended by CR LF (a field's value holds neither).
    static func text(of fields: HTTPFields) -> String {
        fields.map { "\($0.name.rawName): \($0.value)\r\n" }.joined()
    }

    /// The fields of ``text(of:)``'s lines; a line that is not a valid field is skipped.
    static func fields(from text: String) -> HTTPFields {
        var fields = HTTPFields()
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":"), let name = HTTPField.Name(String(line[..<colon])) else { continue }
            fields.append(HTTPField(name: name, value: String(line[line.index(after: colon)...].dropFirst())))
        }
        return fields
    }

    /// Releases `request`'s claim, whose handler failed; nothing when the claim lost its key.
    public func abandon(_ request: IdempotencyRequest) async {
        let (client, logger) = (self.client, self.logger)
        _ = try? await PostgresOperation.run("releasing an idempotency key") {
            try await client.query("""
                DELETE FROM signet_idempotency
                WHERE api_key = \(request.apiKey) AND key = \(request.key) AND claim = \(request.claim) AND NOT done
                """, logger: logger)
        }
    }
}
