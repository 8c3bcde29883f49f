import Foundation
import Logging
import PostgresNIO
import SignetHummingbird
import SignetPostgres

/// GameSystem state in PostgreSQL (``PostgresGameSystemSchema``): any number of reference-server instances
/// on one database behave as one server.
///
/// Why nothing is applied twice:
/// - an event and its idempotency record commit in **one transaction**: the key is claimed first (a row
///   insert), so a second transaction claiming the same key waits on the row's unique index until the
///   first commits, and then finds the stored response; if the first rolls back, the second proceeds;
/// - points are added in SQL (`amount = amount + n`), never read and written back from Swift;
/// - an achievement is inserted under a primary key (tenant, player, achievement): awarded at most once.
/// A database that is down or slow makes each call fail with 503 within a few seconds; the client pool
/// reconnects by itself when it is back.
final class PostgresGameSystemStore: GameSystemStore {
    private let client: PostgresClient
    /// Rules, achievements and avatar components per tenant (configuration; players live in the database).
    private let tenants: [String: TenantData]
    private let idempotencyLifetime: TimeInterval
    private let logger: Logger
    /// Deletes expired idempotency records in batches as keyed events go by, off the request path.
    private let sweeper = ExpirySweeper(table: .idempotency)

    init(client: PostgresClient, tenants: [String: TenantData], idempotencyLifetime: TimeInterval, logger: Logger) {
        self.client = client
        self.tenants = tenants
        self.idempotencyLifetime = idempotencyLifetime
        self.logger = logger
    }

    func player(tenant: String, player: String) async throws(ReferenceAPIError) -> Player {
        let data = try tenantData(tenant)
        let (client, logger) = (self.client, self.logger)
        let found = try await database("reading a player") {
            try await client.withConnection { try await Self.load(player, tenant: tenant, data: data, on: $0, logger: logger) }
        }
        guard let found else { throw .unknownPlayer(player, tenant) }
        return found
    }

    func avatarComponents(tenant: String) async throws(ReferenceAPIError) -> [AvatarComponent] {
        try tenantData(tenant).avatarComponents
    }

    func updateAvatar(tenant: String, player: String, choices: [String: Int]) async throws(ReferenceAPIError) -> Player {
        let data = try tenantData(tenant)
        try data.validate(avatar: choices)
        let change = String(decoding: (try? JSONResponse.encode(choices)) ?? Array("{}".utf8), as: UTF8.self)
        let (client, logger) = (self.client, self.logger)
        let updated = try await database("updating an avatar") {
            try await client.withTransaction(logger: logger) { connection in
                let rows = try await connection.query("""
                    UPDATE signet_gs_players SET avatar = avatar || \(change)::jsonb
                    WHERE tenant = \(tenant) AND ext_id = \(player) RETURNING 1
                    """, logger: logger)
                var found = false
                for try await _ in rows { found = true }
                return found ? try await Self.load(player, tenant: tenant, data: data, on: connection, logger: logger) : nil
            }
        }
        guard let updated else { throw .unknownPlayer(player, tenant) }
        return updated
    }

    func processEvent(
        tenant: String, event: ExternalEventRequest, at date: Date, claim: IdempotencyRequest?
    ) async throws(ReferenceAPIError) -> (response: StoredResponse, replayed: Bool) {
        let data = try tenantData(tenant)
        let (client, logger, lifetime) = (self.client, self.logger, idempotencyLifetime)
        if claim != nil { sweeper.tick(client: client, now: date, logger: logger) }
        let outcome = try await database("applying an event") {
            try await client.withTransaction(logger: logger) { connection -> EventOutcome in
                if let claim {
                    let begin = try await PostgresIdempotencyStore.begin(
                        claim, now: date, claimExpiry: date.addingTimeInterval(lifetime), on: connection, logger: logger)
                    switch begin {
                    case .proceed: break
                    case .replay(let stored): return .answer(stored, replayed: true)
                    case .conflict: return .answer(ReferenceAPIError(.unprocessableContent,
                        "Idempotency-Key '\(claim.key)' was already used for a different request").stored, replayed: false)
                    case .inProgress: return .answer(ReferenceAPIError(.conflict,
                        "a request with Idempotency-Key '\(claim.key)' is still in progress; retry shortly").stored, replayed: false)
                    case .storeFull: return .answer(ReferenceAPIError(.serviceUnavailable, "too many Idempotency-Keys").stored, replayed: false)
                    }
                }
                let response: StoredResponse
                do {
                    let result = try await Self.apply(event, tenant: tenant, data: data, at: date, on: connection, logger: logger)
                    response = StoredResponse(status: 200, body: try JSONResponse.encode(result))
                } catch let error as ReferenceAPIError {
                    response = error.stored
                }
                if let claim {
                    try await PostgresIdempotencyStore.complete(
                        claim, with: response, until: date.addingTimeInterval(lifetime), on: connection, logger: logger)
                }
                return .answer(response, replayed: false)
            }
        }
        switch outcome {
        case .answer(let response, let replayed): return (response, replayed)
        }
    }

    private enum EventOutcome: Sendable {
        case answer(StoredResponse, replayed: Bool)
    }

    /// Awards `event`'s rule to its player on `connection` (inside the caller's transaction).
    private static func apply(
        _ event: ExternalEventRequest, tenant: String, data: TenantData, at date: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> ExternalEventResult {
        let player = event.player
        var exists = false
        for try await _ in try await connection.query(
            "SELECT 1 FROM signet_gs_players WHERE tenant = \(tenant) AND ext_id = \(player)", logger: logger) { exists = true }
        guard exists else { throw ReferenceAPIError.unknownPlayer(player, tenant) }
        guard let rule = data.rules[event.externalEventID] else { throw ReferenceAPIError.unknownEvent(event.externalEventID, tenant) }
        var awarded: [String: Int] = [:]
        for (name, amount) in rule.points.sorted(by: { $0.key < $1.key }) {
            // Added in SQL, guarded so that a balance never overflows: no row back means it would have.
            let rows = try await connection.query("""
                INSERT INTO signet_gs_points AS p (tenant, ext_id, name, amount, position)
                VALUES (\(tenant), \(player), \(name), \(amount), 1000)
                ON CONFLICT (tenant, ext_id, name) DO UPDATE SET amount = p.amount + EXCLUDED.amount
                WHERE (EXCLUDED.amount >= 0 AND p.amount <= 9223372036854775807 - EXCLUDED.amount)
                   OR (EXCLUDED.amount < 0 AND p.amount >= -9223372036854775808 - EXCLUDED.amount)
                RETURNING amount
                """, logger: logger)
            var added = false
            for try await _ in rows { added = true }
            guard added else {
                throw ReferenceAPIError(.unprocessableContent,
                    "player '\(player)' cannot take \(amount) more \(name): the balance would overflow")
            }
            awarded[name, default: 0] += amount
        }
        var awards: [AchievementAward] = []
        let timestamp = date.formatted(.iso8601)
        if let id = rule.achievementID, data.achievements[id] != nil {
            let rows = try await connection.query("""
                INSERT INTO signet_gs_achievements (tenant, ext_id, achievement_id, awarded_at)
                VALUES (\(tenant), \(player), \(id), \(timestamp)) ON CONFLICT DO NOTHING RETURNING achievement_id
                """, logger: logger)
            for try await _ in rows { awards.append(AchievementAward(achievementID: id, createdAt: timestamp)) }
        }
        for try await name in try await connection.query(
            "SELECT name FROM signet_gs_points WHERE tenant = \(tenant) AND ext_id = \(player)", logger: logger).decode(String.self) {
            awarded[name, default: 0] += 0
        }
        return ExternalEventResult(
            message: "\(event.externalEventID) processed for \(player)",
            ruleResults: RuleResults(pointsAwarded: awarded, achievementsAwarded: awards))
    }

    /// The player as the API shows it, or `nil` when there is none.
    private static func load(
        _ player: String, tenant: String, data: TenantData, on connection: PostgresConnection, logger: Logger
    ) async throws -> Player? {
        var found: (id: Int, nickname: String, avatar: String)?
        for try await row in try await connection.query("""
            SELECT id, nickname, avatar::text FROM signet_gs_players WHERE tenant = \(tenant) AND ext_id = \(player)
            """, logger: logger).decode((Int, String, String).self) {
            found = (row.0, row.1, row.2)
        }
        guard let found else { return nil }
        var points: [PointBalance] = []
        for try await (name, amount) in try await connection.query("""
            SELECT name, amount FROM signet_gs_points WHERE tenant = \(tenant) AND ext_id = \(player) ORDER BY position, name
            """, logger: logger).decode((String, Int).self) {
            points.append(PointBalance(name: name, amount: amount))
        }
        var achievements: [AwardedAchievement] = []
        for try await (id, awardedAt) in try await connection.query("""
            SELECT achievement_id, awarded_at FROM signet_gs_achievements
            WHERE tenant = \(tenant) AND ext_id = \(player) ORDER BY sequence
            """, logger: logger).decode((Int, String).self) {
            guard let achievement = data.achievements[id] else { continue }
            achievements.append(AwardedAchievement(
                id: id, name: achievement.name, description: achievement.description,
                imageURL: achievement.imageURL, awardedAt: awardedAt))
        }
        let avatar = (try? JSONDecoder().decode([String: Int].self, from: Data(found.avatar.utf8))) ?? [:]
        return Player(id: found.id, nickname: found.nickname, extID: player, pointTypes: points,
                      achievements: achievements, avatar: avatar)
    }

    private func tenantData(_ tenant: String) throws(ReferenceAPIError) -> TenantData {
        guard let data = tenants[tenant] else { throw .unknownTenant(tenant) }
        return data
    }

    /// Runs database work: 503 with `Retry-After` when the database cannot answer, 500 for anything else
    /// unexpected (never with SQL text or connection details).
    private func database<T: Sendable>(
        _ what: String, _ work: @escaping @Sendable () async throws -> T
    ) async throws(ReferenceAPIError) -> T {
        do {
            return try await PostgresOperation.run(what, work)
        } catch let error as ReferenceAPIError {
            throw error
        } catch let error as PostgresUnavailable {
            logger.warning("database unavailable", metadata: ["signet.reason": "\(error.reason)"])
            throw .unavailable("the database cannot be reached; retry shortly", retryAfter: 1)
        } catch {
            logger.error("database failure", metadata: ["signet.operation": "\(what)", "signet.error": "\(String(reflecting: type(of: error)))"])
            throw ReferenceAPIError(.internalServerError, "the database failed while \(what)")
        }
    }
}
