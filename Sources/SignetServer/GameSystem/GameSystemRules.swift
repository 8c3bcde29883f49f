/// An achievement a tenant can award.
struct Achievement: Sendable {
    let id: Int
    let name: String
    let description: String
    let imageURL: String
}

/// What an external event awards: points per point type, and at most one achievement (awarded once).
struct EventRule: Sendable {
    /// Points added per point type name.
    let points: [String: Int]
    /// The achievement awarded, unless the player already has it.
    let achievementID: Int?
}

/// One tenant's data: players by external id, avatar components, achievements and event rules.
struct TenantData: Sendable {
    var players: [String: Player]
    let avatarComponents: [AvatarComponent]
    let achievements: [Int: Achievement]
    let rules: [String: EventRule]
}
