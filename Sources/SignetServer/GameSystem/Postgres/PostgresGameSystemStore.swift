import Foundation
import Logging
import PostgresNIO
import SignetHummingbird
import SignetPostgres

/// GameSystem state in PostgreSQL (``PostgresGameSystemSchema``): any number of reference-server instances
/// on one database behave as one server.
///
/// Each request is one prepared statement, so one round trip; a state-changing one is also one transaction,
/// the statement's own, which claims the request's replay identity too (``claimsReplays``):
/// - an event is one call of `signet_gs_event` (``PostgresGameSystemSchema/eventFunction``): replay claim,
///   `Idempotency-Key` claim, award and stored answer commit together or not at all. A second transaction
///   claiming the same key (or identity) waits on the row's unique index until the first commits, and then
///   finds the stored response (or the claim); if the first rolls back, the second proceeds;
/// - points are added in SQL (`amount = amount + n`), never read and written back from Swift;
/// - an achievement is inserted under a primary key (tenant, player, achievement): awarded at most once.
/// A database that is down or slow makes each call fail with 503 within a few seconds, and so does a pool
/// whose connections all stay busy for ``poolWait``; the client pool reconnects by itself.
final class PostgresGameSystemStore: GameSystemStore {
    private let client: PostgresClient
    /// Rules, achievements and avatar components per tenant (configuration; players live in the database).
    private let tenants: [String: TenantData]
    private let idempotencyLifetime: TimeInterval
    /// How long a request waits for a connection when every one is busy, before 503.
    let poolWait: Duration
    private let logger: Logger
    /// Delete expired idempotency records and replay claims in batches as events go by, off the request path.
    private let sweeper = ExpirySweeper(table: .idempotency)
    private let replaySweeper = ExpirySweeper(table: .replays)

    init(client: PostgresClient, tenants: [String: TenantData], idempotencyLifetime: TimeInterval,
         poolWait: Duration, logger: Logger) {
        self.client = client
        self.tenants = tenants
        self.idempotencyLifetime = idempotencyLifetime
        self.poolWait = poolWait
        self.logger = logger
    }

    /// Replay identities are claimed in the same statement as the change they guard.
    var claimsReplays: Bool { true }

    func player(tenant: String, player: String) async throws(ReferenceAPIError) -> Player {
        let data = try tenantData(tenant)
        // PostgreSQL refuses NUL in text (22021), which answered 500: no player is named with one.
        guard !Self.holdsNUL(player) else { throw .unknownPlayer(player, tenant) }
        let statement = PostgresGameSystemStatements.LoadPlayer(tenant: tenant, player: player)
        let logger = self.logger
        let row = try await database("reading a player") { connection in
            try await Self.onlyRow(of: statement, on: connection, logger: logger)
        }
        guard let row, let found = Self.player(player, row: row, data: data) else { throw .unknownPlayer(player, tenant) }
        return found
    }

    func avatarComponents(tenant: String) async throws(ReferenceAPIError) -> [AvatarComponent] {
        try tenantData(tenant).avatarComponents
    }

    func updateAvatar(
        tenant: String, player: String, choices: [String: Int], replay: ReplayIdentity?
    ) async throws(ReferenceAPIError) -> Claimed<Player> {
        let data = try tenantData(tenant)
        try data.validate(avatar: choices)
        guard !Self.holdsNUL(player) else { throw .unknownPlayer(player, tenant) }
        let replay = try Self.required(replay)
        let change = String(decoding: (try? JSONResponse.encode(choices)) ?? Array("{}".utf8), as: UTF8.self)
        replaySweeper.tick(client: client, now: replay.now, logger: logger)
        let statement = PostgresGameSystemStatements.UpdateAvatar(
            tenant: tenant, player: player, identity: PostgresReplayStore.identity(replay.request),
            expiry: replay.until, now: replay.now, change: change)
        let logger = self.logger
        let row = try await database("updating an avatar") { connection in
            try await Self.onlyRow(of: statement, on: connection, logger: logger)
        }
        guard let row else { throw ReferenceAPIError(.internalServerError, "the database answered no row") }
        guard row.0 else { return .replayedRequest }
        guard let updated = Self.player(player, row: (row.1, row.2, row.3, row.4, row.5, row.6, row.7, row.8), data: data) else {
            throw .unknownPlayer(player, tenant)
        }
        return .answered(updated)
    }

    func processEvent(
        tenant: String, event: ExternalEventRequest, at date: Date, claim: IdempotencyRequest?, replay: ReplayIdentity?
    ) async throws(ReferenceAPIError) -> Claimed<EventResponse> {
        let data = try tenantData(tenant)
        let replay = try Self.required(replay)
        // No player or event is named with NUL, which PostgreSQL refuses in text: the answer is the in-memory
        // server's, checked in its order.
        if Self.holdsNUL(event.player) {
            return .answered(EventResponse(stored: ReferenceAPIError.unknownPlayer(event.player, tenant).stored, idempotentReplay: false))
        }
        if Self.holdsNUL(event.externalEventID) {
            return .answered(EventResponse(stored: ReferenceAPIError.unknownEvent(event.externalEventID, tenant).stored,
                                           idempotentReplay: false))
        }
        replaySweeper.tick(client: client, now: date, logger: logger)
        if claim != nil { sweeper.tick(client: client, now: date, logger: logger) }
        let statement = Self.recordEvent(event, tenant: tenant, data: data, at: date, claim: claim, replay: replay,
                                         lifetime: idempotencyLifetime)
        let logger = self.logger
        let row = try await database("applying an event") { connection in
            try await Self.onlyRow(of: statement, on: connection, logger: logger)
        }
        guard let (outcome, status, body) = row else {
            throw ReferenceAPIError(.internalServerError, "the database answered no row")
        }
        let key = claim?.key ?? ""
        switch outcome {
        case "replayed-request":
            return .replayedRequest
        case "in-progress":
            return .answered(EventResponse(stored: ReferenceAPIError.idempotencyInProgress(key).stored, idempotentReplay: false))
        case "conflict":
            return .answered(EventResponse(stored: ReferenceAPIError.idempotencyConflict(key).stored, idempotentReplay: false))
        case "stored", "applied":
            guard let status, let body else { throw ReferenceAPIError(.internalServerError, "the database answered no response") }
            let stored = StoredResponse(status: status, body: Self.canonical(Array(body.readableBytesView), status: status))
            return .answered(EventResponse(stored: stored, idempotentReplay: outcome == "stored"))
        default:
            throw ReferenceAPIError(.internalServerError, "the database answered an unknown outcome")
        }
    }

    /// Whether `text` holds a NUL, which no name here holds and PostgreSQL cannot take as text.
    private static func holdsNUL(_ text: String) -> Bool { text.utf8.contains(0) }

    /// The one row `statement` answers (all rows are read, so the connection is free again at once).
    private static func onlyRow<Statement: PostgresPreparedStatement>(
        of statement: Statement, on connection: PostgresConnection, logger: Logger
    ) async throws -> Statement.Row? where Statement.Row: Sendable {
        var first: Statement.Row?
        for try await row in try await connection.execute(statement, logger: logger) where first == nil { first = row }
        return first
    }

    /// The call that applies `event`: every text a client may read is made here, as in memory.
    private static func recordEvent(
        _ event: ExternalEventRequest, tenant: String, data: TenantData, at date: Date, claim: IdempotencyRequest?,
        replay: ReplayIdentity, lifetime: TimeInterval
    ) -> PostgresGameSystemStatements.RecordEvent {
        let player = event.player
        let rule = data.rules[event.externalEventID]
        let points = (rule?.points ?? [:]).sorted { $0.key < $1.key }
        let overflows = points.map { name, amount in
            "player '\(player)' cannot take \(amount) more \(name): the balance would overflow"
        }
        let achievement = rule?.achievementID.flatMap { data.achievements[$0] == nil ? nil : $0 }
        return PostgresGameSystemStatements.RecordEvent(
            now: date, identity: PostgresReplayStore.identity(replay.request), identityExpiry: replay.until,
            key: claim.map { ($0, date.addingTimeInterval(lifetime)) }, tenant: tenant, player: player,
            refusal: rule == nil ? ReferenceAPIError.unknownEvent(event.externalEventID, tenant).answer : nil,
            names: points.map(\.key), amounts: points.map(\.value), overflows: overflows, achievement: achievement,
            awardedAt: date.formatted(.iso8601), message: "\(event.externalEventID) processed for \(player)",
            unknownPlayer: ReferenceAPIError.unknownPlayer(player, tenant).message)
    }

    /// A body as the server writes JSON (sorted keys, no spaces, as in memory): the database builds it as
    /// `jsonb`, whose text has other spacing and key order; the first answer and every replay go through here.
    private static func canonical(_ body: [UInt8], status: Int) -> [UInt8] {
        if status == 200 {
            guard let result = try? JSONDecoder().decode(ExternalEventResult.self, from: Data(body)),
                  let encoded = try? JSONResponse.encode(result) else { return body }
            return encoded
        }
        guard let error = try? JSONDecoder().decode(ErrorMessage.self, from: Data(body)) else { return body }
        return JSONResponse.errorBody(error.errorMessage)
    }

    /// `{"error_message": …}`, read back.
    private struct ErrorMessage: Decodable {
        let errorMessage: String
        enum CodingKeys: String, CodingKey { case errorMessage = "error_message" }
    }

    /// The player as the API shows it from a row of ``PostgresGameSystemStatements/playerColumns``, or
    /// `nil` when the row has no player.
    private static func player(_ extID: String, row: PostgresGameSystemStatements.PlayerRow, data: TenantData) -> Player? {
        let (id, nickname, avatarNames, avatarOptions, pointNames, amounts, achievementIDs, awardedAt) = row
        guard let id, let nickname else { return nil }
        let points = zip(pointNames, amounts).map { PointBalance(name: $0, amount: $1) }
        let achievements = zip(achievementIDs, awardedAt).compactMap { id, date -> AwardedAchievement? in
            guard let achievement = data.achievements[id] else { return nil }
            return AwardedAchievement(id: id, name: achievement.name, description: achievement.description,
                                      imageURL: achievement.imageURL, awardedAt: date)
        }
        let avatar = Dictionary(zip(avatarNames, avatarOptions), uniquingKeysWith: { first, _ in first })
        return Player(id: id, nickname: nickname, extID: extID, pointTypes: points, achievements: achievements, avatar: avatar)
    }

    /// The request's replay identity; without one (verification always sets it) the request is refused
    /// rather than applied unguarded.
    private static func required(_ replay: ReplayIdentity?) throws(ReferenceAPIError) -> ReplayIdentity {
        guard let replay else {
            throw ReferenceAPIError(.internalServerError, "the request's signed identity is missing, so it cannot be guarded against replay")
        }
        return replay
    }

    private func tenantData(_ tenant: String) throws(ReferenceAPIError) -> TenantData {
        guard let data = tenants[tenant] else { throw .unknownTenant(tenant) }
        return data
    }

    /// Runs one statement on a pooled connection: 503 with `Retry-After` when the database cannot answer or
    /// every connection stays busy for ``poolWait``, 500 for anything else unexpected (never with SQL text or
    /// connection details).
    private func database<T: Sendable>(
        _ what: String, _ work: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws(ReferenceAPIError) -> T {
        do {
            return try await PostgresOperation.withConnection(what, client: client, wait: poolWait, work)
        } catch let error as ReferenceAPIError {
            throw error
        } catch is PostgresPoolBusy {
            logger.warning("every database connection is busy", metadata: ["signet.operation": "\(what)"])
            throw .unavailable("every database connection of this server is busy; retry shortly", retryAfter: 1)
        } catch let error as PostgresUnavailable {
            logger.warning("database unavailable", metadata: ["signet.reason": "\(error.reason)"])
            throw .unavailable("the database cannot be reached; retry shortly", retryAfter: 1)
        } catch {
            logger.error("database failure", metadata: ["signet.operation": "\(what)", "signet.error": "\(String(reflecting: type(of: error)))"])
            throw ReferenceAPIError(.internalServerError, "the database failed while \(what)")
        }
    }
}
