import Foundation
import Logging
import PostgresNIO
import SignetPostgres

/// The reference server's GameSystem tables in PostgreSQL, and the seed players.
///
/// - `signet_gs_players`: (tenant, ext_id) primary key; `id`, `nickname`, `avatar` (jsonb, option per component).
/// - `signet_gs_points`: one row per (tenant, ext_id, point type); `amount` is only ever changed by
///   `amount = amount + n` in SQL, guarded against overflow, never read, modified and written back.
/// - `signet_gs_achievements`: primary key (tenant, ext_id, achievement_id): an achievement is awarded at
///   most once, by the constraint, whatever the number of instances.
/// - `signet_gs_event(…)` (``eventFunction``): an external event, its replay claim and its idempotency record
///   in one call.
enum PostgresGameSystemSchema {
    static let migrations = [PostgresMigrator.Migration(id: "signet-gamesystem-v1", statements: [
        """
        CREATE TABLE signet_gs_players (
            tenant text NOT NULL, ext_id text NOT NULL, id integer NOT NULL, nickname text NOT NULL,
            avatar jsonb NOT NULL, PRIMARY KEY (tenant, ext_id))
        """,
        """
        CREATE TABLE signet_gs_points (
            tenant text NOT NULL, ext_id text NOT NULL, name text NOT NULL, amount bigint NOT NULL DEFAULT 0,
            position integer NOT NULL DEFAULT 0, PRIMARY KEY (tenant, ext_id, name),
            FOREIGN KEY (tenant, ext_id) REFERENCES signet_gs_players (tenant, ext_id))
        """,
        """
        CREATE TABLE signet_gs_achievements (
            tenant text NOT NULL, ext_id text NOT NULL, achievement_id integer NOT NULL, awarded_at text NOT NULL,
            sequence bigserial, PRIMARY KEY (tenant, ext_id, achievement_id),
            FOREIGN KEY (tenant, ext_id) REFERENCES signet_gs_players (tenant, ext_id))
        """,
    ]), PostgresMigrator.Migration(id: "signet-gamesystem-v2-event-function", statements: [eventFunction])]

    /// Creates the tables (with the replay and idempotency stores' own) and inserts the seed players
    /// that are missing; players already there keep their state.
    static func prepare(client: PostgresClient, tenants: [String: TenantData], logger: Logger) async throws {
        try await PostgresReplayStore.migrate(client: client, logger: logger)
        try await PostgresIdempotencyStore.migrate(client: client, logger: logger)
        try await PostgresMigrator.apply(migrations, client: client, logger: logger)
        for (tenant, data) in tenants {
            try await seed(data.players.values.sorted(by: { $0.id < $1.id }), tenant: tenant, client: client, logger: logger)
        }
    }

    /// Inserts the players that are missing, with their point balances, in one statement.
    private static func seed(_ players: [Player], tenant: String, client: PostgresClient, logger: Logger) async throws {
        var encoded: [String] = []
        for player in players { encoded.append(String(decoding: try JSONResponse.encode(player.avatar), as: UTF8.self)) }
        let avatars = encoded
        let balances = players.flatMap { player in
            player.pointTypes.enumerated().map { (player.extID, $0.element.name, $0.element.amount, $0.offset) }
        }
        let (ids, extIDs, nicknames) = (players.map(\.id), players.map(\.extID), players.map(\.nickname))
        let (pointOwners, pointNames) = (balances.map(\.0), balances.map(\.1))
        let (pointAmounts, pointPositions) = (balances.map(\.2), balances.map(\.3))
        try await PostgresOperation.run("seeding the players", timeout: .seconds(30)) {
            try await client.withTransaction(logger: logger) { connection in
                try await PostgresOperation.allowStatements(upTo: .seconds(28), on: connection, logger: logger)
                try await connection.query("""
                    WITH new AS (
                        INSERT INTO signet_gs_players (tenant, ext_id, id, nickname, avatar)
                        SELECT \(tenant), e, i, n, a::jsonb
                        FROM unnest(\(extIDs)::text[], \(ids)::integer[], \(nicknames)::text[], \(avatars)::text[]) AS t(e, i, n, a)
                        ON CONFLICT DO NOTHING RETURNING ext_id)
                    INSERT INTO signet_gs_points (tenant, ext_id, name, amount, position)
                    SELECT \(tenant), p.e, p.n, p.a, p.pos
                    FROM unnest(\(pointOwners)::text[], \(pointNames)::text[], \(pointAmounts)::bigint[], \(pointPositions)::integer[])
                        AS p(e, n, a, pos)
                    JOIN new ON new.ext_id = p.e
                    """, logger: logger)
            }
        }
    }
}
