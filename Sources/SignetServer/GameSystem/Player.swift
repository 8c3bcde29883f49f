/// A GameSystem player as the API shows it.
struct Player: Codable, Sendable {
    /// The numeric id.
    let id: Int
    /// The display name.
    var nickname: String
    /// The external id, used in paths and event bodies (`ann`).
    let extID: String
    /// The player's balance per point type.
    var pointTypes: [PointBalance]
    /// Achievements awarded so far, oldest first.
    var achievements: [AwardedAchievement]
    /// The chosen option id per avatar component name (`{"Top": 101, "Bottom": 201}`).
    var avatar: [String: Int]

    enum CodingKeys: String, CodingKey {
        case id, nickname, achievements, avatar
        case extID = "ext_id"
        case pointTypes = "point_types"
    }
}

/// A player's balance of one point type.
struct PointBalance: Codable, Sendable {
    /// The point type's name (`points`).
    let name: String
    /// The balance.
    var amount: Int
}

/// An achievement as awarded to a player.
struct AwardedAchievement: Codable, Sendable {
    let id: Int
    let name: String
    let description: String
    let imageURL: String
    /// When it was awarded, ISO 8601 in UTC.
    let awardedAt: String

    enum CodingKeys: String, CodingKey {
        case id, name, description
        case imageURL = "image_url"
        case awardedAt = "awarded_at"
    }
}
