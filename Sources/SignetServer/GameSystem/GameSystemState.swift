import Foundation
import SignetHummingbird

/// The GameSystem data of a running reference server, in memory, changed one request at a time.
///
/// An event and its idempotency record are applied in one step of the actor, so a key is never applied
/// twice. Records are kept for ``IdempotencyLedger/lifetime`` (one hour) and at most
/// ``IdempotencyLedger/capacity`` (100,000) are held, at most ``IdempotencyLedger/perKeyCapacity`` of them
/// for one API key: past either, new keys are refused with 503.
actor GameSystemState: GameSystemStore {
    private var tenants: [String: TenantData]
    private var idempotency: IdempotencyLedger

    /// Replays are claimed by the verification middleware's store, before the route.
    nonisolated var claimsReplays: Bool { false }

    init(tenants: [String: TenantData] = GameSystemSeed.tenants(),
         idempotencyLifetime: TimeInterval = 3_600, idempotencyCapacity: Int = 100_000, idempotencyQuotaPerKey: Int? = nil) {
        self.tenants = tenants
        self.idempotency = IdempotencyLedger(lifetime: idempotencyLifetime, capacity: idempotencyCapacity,
                                             perKeyCapacity: idempotencyQuotaPerKey)
    }

    func player(tenant: String, player: String) throws(ReferenceAPIError) -> Player {
        let data = try tenantData(tenant)
        guard let found = data.players[player] else { throw .unknownPlayer(player, tenant) }
        return found
    }

    func avatarComponents(tenant: String) throws(ReferenceAPIError) -> [AvatarComponent] {
        try tenantData(tenant).avatarComponents
    }

    /// Sets the chosen option per component; every choice is checked before any is applied.
    func updateAvatar(
        tenant: String, player: String, choices: [String: Int], replay: ReplayIdentity?
    ) throws(ReferenceAPIError) -> Claimed<Player> {
        let data = try tenantData(tenant)
        guard var updated = data.players[player] else { throw .unknownPlayer(player, tenant) }
        try data.validate(avatar: choices)
        for (componentName, optionID) in choices { updated.avatar[componentName] = optionID }
        tenants[tenant]?.players[player] = updated
        return .answered(updated)
    }

    /// Applies an event's rule to a player, once per idempotency claim, and returns the response to send.
    /// - Throws: 503 when the idempotency records are full of keys still inside their lifetime.
    func processEvent(
        tenant: String, event: ExternalEventRequest, at date: Date, claim: IdempotencyRequest?, replay: ReplayIdentity?
    ) throws(ReferenceAPIError) -> Claimed<EventResponse> {
        if let claim {
            switch idempotency.begin(claim, now: date) {
            case .proceed: break
            case .replay(let stored): return .answered(EventResponse(stored: stored, idempotentReplay: true))
            case .conflict:
                return .answered(EventResponse(stored: ReferenceAPIError.idempotencyConflict(claim.key).stored, idempotentReplay: false))
            case .inProgress:
                // Not reached here (the actor applies an event in one step); kept for completeness.
                return .answered(EventResponse(stored: ReferenceAPIError.idempotencyInProgress(claim.key).stored, idempotentReplay: false))
            case .storeFull(let retryAfter):
                throw .unavailable("too many Idempotency-Keys are held; retry in \(retryAfter) s", retryAfter: retryAfter)
            }
        }
        let response: StoredResponse
        do {
            response = try StoredResponse(status: 200, body: JSONResponse.encode(apply(event, tenant: tenant, at: date)))
        } catch let error as ReferenceAPIError {
            response = Self.store(error)
        } catch {
            response = Self.store(ReferenceAPIError(.internalServerError, "the result could not be encoded"))
        }
        if let claim { idempotency.complete(claim, with: response, now: date) }
        return .answered(EventResponse(stored: response, idempotentReplay: false))
    }

    private func apply(_ event: ExternalEventRequest, tenant: String, at date: Date) throws(ReferenceAPIError) -> ExternalEventResult {
        let data = try tenantData(tenant)
        guard var player = data.players[event.player] else { throw .unknownPlayer(event.player, tenant) }
        guard let rule = data.rules[event.externalEventID] else {
            throw .unknownEvent(event.externalEventID, tenant)
        }
        let timestamp = date.formatted(.iso8601)
        var pointsAwarded = Dictionary(player.pointTypes.map { ($0.name, 0) }, uniquingKeysWith: { first, _ in first })
        for (name, amount) in rule.points.sorted(by: { $0.key < $1.key }) {
            if let index = player.pointTypes.firstIndex(where: { $0.name == name }) {
                let (sum, overflow) = player.pointTypes[index].amount.addingReportingOverflow(amount)
                guard !overflow else {
                    throw ReferenceAPIError(.unprocessableContent,
                        "player '\(event.player)' cannot take \(amount) more \(name): the balance would overflow")
                }
                player.pointTypes[index].amount = sum
            } else {
                player.pointTypes.append(PointBalance(name: name, amount: amount))
            }
            pointsAwarded[name, default: 0] += amount
        }
        var awards: [AchievementAward] = []
        if let id = rule.achievementID, let achievement = data.achievements[id],
           !player.achievements.contains(where: { $0.id == id }) {
            player.achievements.append(AwardedAchievement(
                id: id, name: achievement.name, description: achievement.description,
                imageURL: achievement.imageURL, awardedAt: timestamp))
            awards.append(AchievementAward(achievementID: id, createdAt: timestamp))
        }
        tenants[tenant]?.players[event.player] = player
        return ExternalEventResult(
            message: "\(event.externalEventID) processed for \(event.player)",
            ruleResults: RuleResults(pointsAwarded: pointsAwarded, achievementsAwarded: awards))
    }

    private func tenantData(_ tenant: String) throws(ReferenceAPIError) -> TenantData {
        guard let data = tenants[tenant] else { throw .unknownTenant(tenant) }
        return data
    }

    private static func store(_ error: ReferenceAPIError) -> StoredResponse { error.stored }
}
