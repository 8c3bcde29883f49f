import Signet

/// What posting an external event did: `POST /{tenant}/admin/player_external_events`.
public struct ExternalEventResult: Codable, Hashable, Sendable {
    /// The server's message.
    public var message: String
    /// Points awarded by the event's rules (0 when none).
    public var pointsAwarded: Int
    /// Achievements awarded by the event's rules.
    public var achievementsAwarded: PackedList<AwardedAchievement>

    enum CodingKeys: String, CodingKey { case message, ruleResults = "rule_results" }
    enum RuleResultKeys: String, CodingKey { case pointsAwarded = "points_awarded", achievementsAwarded = "achievements_awarded" }
    enum PointsKeys: String, CodingKey { case points }

    /// Creates a result value.
    public init(message: String, pointsAwarded: Int, achievementsAwarded: some Sequence<AwardedAchievement>) {
        self.message = message
        self.pointsAwarded = pointsAwarded
        self.achievementsAwarded = PackedList(achievementsAwarded)
    }

    /// Decodes the wire shape `{"message", "rule_results": {"points_awarded": {"points"}, "achievements_awarded": [...]}}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = try container.decodeIfPresent(String.self, forKey: .message) ?? ""
        guard container.contains(.ruleResults) else {
            pointsAwarded = 0
            achievementsAwarded = []
            return
        }
        let rules = try container.nestedContainer(keyedBy: RuleResultKeys.self, forKey: .ruleResults)
        if rules.contains(.pointsAwarded), try !rules.decodeNil(forKey: .pointsAwarded) {
            let points = try rules.nestedContainer(keyedBy: PointsKeys.self, forKey: .pointsAwarded)
            pointsAwarded = try points.decodeIfPresent(Int.self, forKey: .points) ?? 0
        } else {
            pointsAwarded = 0
        }
        achievementsAwarded = try rules.decodeIfPresent(PackedList<AwardedAchievement>.self, forKey: .achievementsAwarded) ?? []
    }

    /// Encodes the wire shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(message, forKey: .message)
        var rules = container.nestedContainer(keyedBy: RuleResultKeys.self, forKey: .ruleResults)
        var points = rules.nestedContainer(keyedBy: PointsKeys.self, forKey: .pointsAwarded)
        try points.encode(pointsAwarded, forKey: .points)
        try rules.encode(achievementsAwarded, forKey: .achievementsAwarded)
    }
}

/// An achievement an event awarded.
public struct AwardedAchievement: Codable, Hashable, Sendable, PackableElement {
    /// The achievement's id.
    public var achievementID: GameSystemID
    /// When (as the server wrote it).
    public var createdAt: String?

    enum CodingKeys: String, CodingKey { case achievementID = "achievement_id", createdAt = "created_at" }

    /// Creates a value.
    public init(achievementID: GameSystemID, createdAt: String?) {
        self.achievementID = achievementID
        self.createdAt = createdAt
    }

    /// Writes the id and the time.
    public func pack(into packer: inout ElementPacker) {
        packer.write(achievementID.text)
        packer.write(createdAt)
    }

    /// Reads what ``pack(into:)`` wrote.
    public init(unpacking unpacker: inout ElementUnpacker) {
        achievementID = GameSystemID(unpacker.readString())
        createdAt = unpacker.readOptionalString()
    }
}
