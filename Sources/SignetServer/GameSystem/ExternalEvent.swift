/// The body of `POST /{tenant}/admin/player_external_events`.
struct ExternalEventRequest: Decodable, Sendable {
    /// The player's external id.
    let player: String
    /// The event's name (`Magic`, `Rainbow`).
    let externalEventID: String

    enum CodingKeys: String, CodingKey {
        case player
        case externalEventID = "external_event_id"
    }
}

/// The answer to an external event: what the rules awarded.
struct ExternalEventResult: Codable, Sendable {
    let message: String
    let ruleResults: RuleResults

    enum CodingKeys: String, CodingKey {
        case message
        case ruleResults = "rule_results"
    }
}

/// Points and achievements one event awarded. `points_awarded` names every point type of the player,
/// with 0 where nothing was awarded, so clients can always read `points_awarded.points`.
struct RuleResults: Codable, Sendable {
    let pointsAwarded: [String: Int]
    let achievementsAwarded: [AchievementAward]

    enum CodingKeys: String, CodingKey {
        case pointsAwarded = "points_awarded"
        case achievementsAwarded = "achievements_awarded"
    }
}

/// One achievement newly awarded by an event.
struct AchievementAward: Codable, Sendable {
    let achievementID: Int
    /// ISO 8601 in UTC.
    let createdAt: String

    enum CodingKeys: String, CodingKey {
        case achievementID = "achievement_id"
        case createdAt = "created_at"
    }
}
