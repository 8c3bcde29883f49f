import Foundation
import PostgresNIO
import SignetHummingbird

/// The reference server's GameSystem statements, prepared once per connection (postgres-nio's
/// `PostgresPreparedStatement`): each request sends one Bind/Execute/Sync and waits for one answer.
enum PostgresGameSystemStatements {
    /// The columns of a player as the API shows it, from `pl` (a `signet_gs_players` row, or `NULL` in an
    /// outer join): id, nickname, avatar components and options, point names and amounts, achievement ids
    /// and dates, each list in the order the API shows it.
    static let playerColumns = """
        pl.id::bigint, pl.nickname, av.names, av.options, pt.names, pt.amounts, ac.ids, ac.dates
        """

    /// The lateral joins `playerColumns` reads (`pl` must be in scope, possibly `NULL`).
    static let playerJoins = """
        LEFT JOIN LATERAL (
            SELECT coalesce(array_agg(e.key ORDER BY e.key), '{}') AS names,
                   coalesce(array_agg(e.value::bigint ORDER BY e.key), '{}') AS options
            FROM jsonb_each_text(pl.avatar) AS e) av ON true
        LEFT JOIN LATERAL (
            SELECT coalesce(array_agg(p.name ORDER BY p.position, p.name), '{}') AS names,
                   coalesce(array_agg(p.amount ORDER BY p.position, p.name), '{}') AS amounts
            FROM signet_gs_points p WHERE p.tenant = pl.tenant AND p.ext_id = pl.ext_id) pt ON true
        LEFT JOIN LATERAL (
            SELECT coalesce(array_agg(a.achievement_id::bigint ORDER BY a.sequence), '{}') AS ids,
                   coalesce(array_agg(a.awarded_at ORDER BY a.sequence), '{}') AS dates
            FROM signet_gs_achievements a WHERE a.tenant = pl.tenant AND a.ext_id = pl.ext_id) ac ON true
        """

    /// A player's row as read: `nil` id when there is no such player.
    typealias PlayerRow = (Int?, String?, [String], [Int], [String], [Int], [Int], [String])

    /// A player with points, achievements and avatar, in one query.
    struct LoadPlayer: PostgresPreparedStatement {
        static let sql = """
            SELECT \(playerColumns) FROM signet_gs_players pl \(playerJoins)
            WHERE pl.tenant = $1 AND pl.ext_id = $2
            """
        typealias Row = PlayerRow
        let tenant: String
        let player: String

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(tenant)
            bindings.append(player)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// Claims the replay identity and, when it was not claimed before, merges the avatar choices and answers
    /// the player; one statement (a data-modifying CTE), so one round trip and one transaction. `claimed` is
    /// false for a replay (nothing changed); the player's id is `nil` when there is no such player.
    struct UpdateAvatar: PostgresPreparedStatement {
        static let sql = """
            WITH claim AS (
                INSERT INTO signet_replays AS r (identity, expires_at) VALUES ($3, $4)
                ON CONFLICT (identity) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE r.expires_at < $5
                RETURNING 1),
            updated AS (
                UPDATE signet_gs_players SET avatar = avatar || $6::jsonb
                WHERE tenant = $1 AND ext_id = $2 AND EXISTS (SELECT 1 FROM claim)
                RETURNING tenant, ext_id, id, nickname, avatar)
            SELECT EXISTS (SELECT 1 FROM claim), \(playerColumns)
            FROM (SELECT 1) AS one LEFT JOIN updated pl ON true \(playerJoins)
            """
        typealias Row = (Bool, Int?, String?, [String], [Int], [String], [Int], [Int], [String])
        let tenant: String
        let player: String
        let identity: String
        let expiry: Date
        let now: Date
        /// The choices as a JSON object (`{"Top": 102}`).
        let change: String

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 6)
            bindings.append(tenant)
            bindings.append(player)
            bindings.append(identity)
            bindings.append(expiry)
            bindings.append(now)
            bindings.append(change)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// One call of `signet_gs_event` (``PostgresGameSystemSchema/eventFunction``): the replay claim, the
    /// `Idempotency-Key`, the award and its stored answer.
    struct RecordEvent: PostgresPreparedStatement {
        static let sql = """
            SELECT outcome, status, body FROM signet_gs_event(
                $1::timestamptz, $2::text, $3::timestamptz, $4::text, $5::text, $6::text, $7::timestamptz, $8::text,
                $9::text, $10::text, $11::bigint, $12::text, $13::text[], $14::bigint[], $15::text[],
                $16::bigint, $17::text, $18::text, $19::text)
            """
        typealias Row = (String, Int?, ByteBuffer?)
        /// Declared, not inferred from the first call's binds (where a missing key is an untyped `NULL`).
        static let bindingDataTypes: [PostgresDataType] = [
            .timestamptz, .text, .timestamptz, .text, .text, .text, .timestamptz, .text,
            .text, .text, .int8, .text, .textArray, .int8Array, .textArray, .int8, .text, .text, .text,
        ]

        let now: Date
        let identity: String
        let identityExpiry: Date
        /// The `Idempotency-Key` claim and until when its record is kept, or `nil` without a key.
        let key: (request: IdempotencyRequest, expiry: Date)?
        let tenant: String
        let player: String
        /// A refusal to store instead of the award (an event no rule names: 404 and its message), after the
        /// player's check.
        let refusal: (status: Int, message: String)?
        /// The rule's points, by name, sorted; `overflows[n]` is the 422 message for `names[n]`.
        let names: [String]
        let amounts: [Int]
        let overflows: [String]
        let achievement: Int?
        let awardedAt: String
        let message: String
        let unknownPlayer: String

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 19)
            bindings.append(now)
            bindings.append(identity)
            bindings.append(identityExpiry)
            bindings.append(key?.request.apiKey)
            bindings.append(key?.request.key)
            bindings.append(key?.request.fingerprint)
            bindings.append(key?.expiry)
            bindings.append(JSONResponse.contentType)
            bindings.append(tenant)
            bindings.append(player)
            bindings.append(refusal?.status)
            bindings.append(refusal?.message)
            bindings.append(names)
            bindings.append(amounts)
            bindings.append(overflows)
            bindings.append(achievement)
            bindings.append(awardedAt)
            bindings.append(message)
            bindings.append(unknownPlayer)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }
}
