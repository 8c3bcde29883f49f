import Foundation
import SignetHummingbird

/// Where the reference server keeps GameSystem state (players, points, achievements, avatars and the
/// idempotency records of events): in memory (``GameSystemState``) or in PostgreSQL
/// (``PostgresGameSystemStore``), so that any number of instances on one database behave as one server.
///
/// Tenants' rules, achievements and avatar components are configuration (``GameSystemSeed``), not state.
protocol GameSystemStore: Sendable {
    /// The player, or 404.
    func player(tenant: String, player: String) async throws(ReferenceAPIError) -> Player
    /// The tenant's avatar components, or 404.
    func avatarComponents(tenant: String) async throws(ReferenceAPIError) -> [AvatarComponent]
    /// Sets the chosen option per component (every choice checked first: 422), and returns the player.
    func updateAvatar(tenant: String, player: String, choices: [String: Int]) async throws(ReferenceAPIError) -> Player
    /// Applies an event's rule once per idempotency claim, and returns the response to send and whether it
    /// is a stored one. The award and its idempotency record are applied together or not at all.
    func processEvent(
        tenant: String, event: ExternalEventRequest, at date: Date, claim: IdempotencyRequest?
    ) async throws(ReferenceAPIError) -> (response: StoredResponse, replayed: Bool)
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

    /// The response stored for this error (`{"error_message"}` with its status).
    var stored: StoredResponse {
        StoredResponse(status: status.code, body: JSONResponse.errorBody(message))
    }
}
