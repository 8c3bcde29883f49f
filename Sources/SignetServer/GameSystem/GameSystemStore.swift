import Foundation
import SignetGameSystem
import SignetHummingbird

/// Where the reference server keeps GameSystem state (players, points, achievements, avatars and the
/// idempotency records of events): in memory (``GameSystemState``) or in PostgreSQL
/// (``PostgresGameSystemStore``), so that any number of instances on one database behave as one server.
///
/// Tenants' rules, achievements and avatar components are configuration (``GameSystemSeed``), not state.
protocol GameSystemStore: Sendable {
    /// Whether the store claims a state-changing request's replay identity itself, in the transaction that
    /// applies the request (PostgreSQL: one round trip for both), so the routes' verification claims none.
    /// In memory it is `false`: the verification middleware's replay store claims it.
    var claimsReplays: Bool { get }
    /// The player, or 404.
    func player(tenant: String, player: String) async throws(ReferenceAPIError) -> Player
    /// The tenant's avatar components, or 404.
    func avatarComponents(tenant: String) async throws(ReferenceAPIError) -> [AvatarComponent]
    /// Sets the chosen option per component (every choice checked first: 422), and returns the player; with
    /// ``claimsReplays``, claims `replay` in the same transaction.
    func updateAvatar(
        tenant: String, player: String, choices: [String: Int], replay: ReplayIdentity?
    ) async throws(ReferenceAPIError) -> Claimed<Player>
    /// Applies an event's rule once per idempotency claim, and returns the response to send and whether it
    /// is a stored one. The award and its idempotency record (and, with ``claimsReplays``, the replay claim)
    /// are applied together or not at all.
    func processEvent(
        tenant: String, event: ExternalEventRequest, at date: Date, claim: IdempotencyRequest?, replay: ReplayIdentity?
    ) async throws(ReferenceAPIError) -> Claimed<EventResponse>
}

/// A state-changing request's canonical identity, for a store that claims it in the same transaction as the
/// change, and until when it is held (its `Date` + the window, as the verification core would hold it).
struct ReplayIdentity: Sendable {
    /// What was verified: the replay check keys on it.
    let request: GameSystemVerifiedRequest
    /// When the claim expires.
    let until: Date
    /// The server's time now: a claim that expired before it may be taken over.
    let now: Date
}

/// The answer of a state-changing store call: its value, or that this exact signed request was already
/// accepted (nothing was applied; the route answers 401 `replayed-request`).
enum Claimed<Value: Sendable>: Sendable {
    /// The call's value.
    case answered(Value)
    /// The replay identity was already claimed and has not expired.
    case replayedRequest
}

/// The response to an external event, as stored for its `Idempotency-Key`.
struct EventResponse: Sendable {
    /// The status and body.
    let stored: StoredResponse
    /// Whether it is the stored response of an earlier request with the same key (`Idempotent-Replayed`).
    let idempotentReplay: Bool
}

extension TenantData {
    /// Checks every avatar choice against the tenant's components: 422 naming `$.avatar.<Component>`.
    func validate(avatar choices: [String: Int]) throws(ReferenceAPIError) {
        for (componentName, optionID) in choices.sorted(by: { $0.key < $1.key }) {
            guard let component = avatarComponents.first(where: { $0.name == componentName }) else {
                let known = avatarComponents.map(\.name).joined(separator: ", ")
                throw ReferenceAPIError(.unprocessableContent,
                    "$.avatar.\(componentName): no avatar component is named '\(componentName)' (known: \(known))")
            }
            guard component.options.contains(where: { $0.id == optionID }) else {
                let known = component.options.map { String($0.id) }.joined(separator: ", ")
                throw ReferenceAPIError(.unprocessableContent,
                    "$.avatar.\(componentName): option \(optionID) does not exist for \(componentName) (options: \(known))")
            }
        }
    }
}

extension ReferenceAPIError {
    /// 404 for a player that does not exist.
    static func unknownPlayer(_ player: String, _ tenant: String) -> ReferenceAPIError {
        .notFound("player '\(player)' does not exist in tenant '\(tenant)'")
    }

    /// 404 for a tenant that does not exist.
    static func unknownTenant(_ tenant: String) -> ReferenceAPIError {
        .notFound("tenant '\(tenant)' does not exist")
    }

    /// 404 for an event no rule names.
    static func unknownEvent(_ event: String, _ tenant: String) -> ReferenceAPIError {
        .notFound("external event '\(event)' is not defined in tenant '\(tenant)'")
    }

    /// 422 for an `Idempotency-Key` already used with another request.
    static func idempotencyConflict(_ key: String) -> ReferenceAPIError {
        ReferenceAPIError(.unprocessableContent, "Idempotency-Key '\(key)' was already used for a different request")
    }

    /// 409 for an `Idempotency-Key` whose first request is still being handled.
    static func idempotencyInProgress(_ key: String) -> ReferenceAPIError {
        ReferenceAPIError(.conflict, "a request with Idempotency-Key '\(key)' is still in progress; retry shortly")
    }

    /// The status code and message, as the database statement takes a refusal.
    var answer: (status: Int, message: String) { (status.code, message) }

    /// The response stored for this error (`{"error_message"}` with its status).
    var stored: StoredResponse {
        StoredResponse(status: status.code, body: JSONResponse.errorBody(message))
    }
}
