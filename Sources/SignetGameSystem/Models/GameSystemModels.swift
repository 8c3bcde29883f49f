import Foundation

/// An identifier the server may send as a JSON string or number; kept as text.
public struct GameSystemID: Codable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The identifier as text (`"7"` for a numeric 7).
    public let text: String

    /// Wraps an identifier's text.
    public init(_ text: String) { self.text = text }
    /// Wraps a string literal.
    public init(stringLiteral value: String) { self.text = value }

    /// Decodes a string or an integer.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            text = String(number)
        } else {
            text = try container.decode(String.self)
        }
    }

    /// Encodes as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// The text.
    public var description: String { text }
}

/// A GameSystem player: `GET /{tenant}/client/players/{player}`.
public struct Player: Codable, Hashable, Sendable {
    /// The server's id for the player.
    public var id: GameSystemID
    /// The display name.
    public var nickname: String
    /// The id in the tenant's own system.
    public var extID: String?
    /// Point balances by type (e.g. "points").
    public var pointTypes: [PointBalance]
    /// Achievements awarded so far.
    public var achievements: [Achievement]
    /// Chosen option id per avatar component name ("Top", "Bottom").
    public var avatar: [String: Int]

    enum CodingKeys: String, CodingKey {
        case id, nickname, extID = "ext_id", pointTypes = "point_types", achievements, avatar
    }

    /// Creates a player value.
    public init(id: GameSystemID, nickname: String, extID: String?, pointTypes: [PointBalance],
                achievements: [Achievement], avatar: [String: Int]) {
        self.id = id
        self.nickname = nickname
        self.extID = extID
        self.pointTypes = pointTypes
        self.achievements = achievements
        self.avatar = avatar
    }

    /// Decodes, treating absent lists and avatar as empty (servers omit empty collections).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(GameSystemID.self, forKey: .id)
        nickname = try container.decode(String.self, forKey: .nickname)
        extID = try container.decodeIfPresent(String.self, forKey: .extID)
        pointTypes = try container.decodeIfPresent([PointBalance].self, forKey: .pointTypes) ?? []
        achievements = try container.decodeIfPresent([Achievement].self, forKey: .achievements) ?? []
        avatar = try container.decodeIfPresent([String: Int].self, forKey: .avatar) ?? [:]
    }

    /// The sum over all point types, **saturating**: computed exactly, then clamped to `Int.min...Int.max`.
    /// For display only: a server may send balances whose sum does not fit in an `Int`, and showing the
    /// nearest value beats trapping. Use ``exactTotalPoints`` when the exact value matters.
    public var totalPoints: Int { Int(clamping: PointArithmetic.sum(pointTypes.lazy.map(\.amount))) }

    /// The sum over all point types, **checked**: `nil` when it does not fit in an `Int`.
    public var exactTotalPoints: Int? { Int(exactly: PointArithmetic.sum(pointTypes.lazy.map(\.amount))) }
}

/// A balance of one point type.
public struct PointBalance: Codable, Hashable, Sendable {
    /// The point type's name.
    public var name: String
    /// How many the player has.
    public var amount: Int

    /// Creates a balance.
    public init(name: String, amount: Int) {
        self.name = name
        self.amount = amount
    }
}

/// An achievement (badge) a player holds.
public struct Achievement: Codable, Hashable, Sendable {
    /// The achievement's id.
    public var id: GameSystemID
    /// Its name (e.g. "Rainbow").
    public var name: String
    /// What it is for.
    public var description: String?
    /// A picture of it.
    public var imageURL: String?
    /// When it was awarded (as the server wrote it).
    public var awardedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, name, description, imageURL = "image_url", awardedAt = "awarded_at"
    }

    /// Creates an achievement value.
    public init(id: GameSystemID, name: String, description: String? = nil, imageURL: String? = nil, awardedAt: String? = nil) {
        self.id = id
        self.name = name
        self.description = description
        self.imageURL = imageURL
        self.awardedAt = awardedAt
    }
}

/// An avatar component ("Top", "Bottom") and its options: `GET /{tenant}/client/avatar_components`.
public struct AvatarComponent: Codable, Hashable, Sendable {
    /// The component's id.
    public var id: GameSystemID
    /// Its name, the key in ``Player/avatar``.
    public var name: String
    /// The options a player may choose.
    public var options: [AvatarOption]

    /// Creates a component value.
    public init(id: GameSystemID, name: String, options: [AvatarOption]) {
        self.id = id
        self.name = name
        self.options = options
    }
}

/// One choice for an avatar component.
public struct AvatarOption: Codable, Hashable, Sendable {
    /// The option's id, the value in ``Player/avatar``.
    public var id: Int
    /// Its name.
    public var name: String

    /// Creates an option value.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// What posting an external event did: `POST /{tenant}/admin/player_external_events`.
public struct ExternalEventResult: Codable, Hashable, Sendable {
    /// The server's message.
    public var message: String
    /// Points awarded by the event's rules (0 when none).
    public var pointsAwarded: Int
    /// Achievements awarded by the event's rules.
    public var achievementsAwarded: [AwardedAchievement]

    enum CodingKeys: String, CodingKey { case message, ruleResults = "rule_results" }
    enum RuleResultKeys: String, CodingKey { case pointsAwarded = "points_awarded", achievementsAwarded = "achievements_awarded" }
    enum PointsKeys: String, CodingKey { case points }

    /// Creates a result value.
    public init(message: String, pointsAwarded: Int, achievementsAwarded: [AwardedAchievement]) {
        self.message = message
        self.pointsAwarded = pointsAwarded
        self.achievementsAwarded = achievementsAwarded
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
        achievementsAwarded = try rules.decodeIfPresent([AwardedAchievement].self, forKey: .achievementsAwarded) ?? []
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
public struct AwardedAchievement: Codable, Hashable, Sendable {
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
}

/// What changed for a player between two reads: the points gained and the achievements newly unlocked.
///
/// Balances come from a server, so any of them may be near `Int.max` or `Int.min`: every difference and sum
/// is computed exactly (in 128 bits) and then **saturated** to `Int` for display; ``exactTotalPointsDelta``
/// is the checked value.
public struct PlayerProgress: Hashable, Sendable {
    /// Change per point type (types only in `after` count from 0), saturating at `Int.min`/`Int.max`.
    public let pointsDelta: [String: Int]
    /// Achievements in `after` that `before` did not have.
    public let newAchievements: [Achievement]
    /// The exact change over all point types.
    private let exactTotal: Int128

    /// Compares two reads of the same player.
    public init(before: Player, after: Player) {
        var delta: [String: Int128] = [:]
        for balance in after.pointTypes { delta[balance.name, default: 0] += Int128(balance.amount) }
        for balance in before.pointTypes { delta[balance.name, default: 0] -= Int128(balance.amount) }
        let changed = delta.filter { $0.value != 0 }
        pointsDelta = changed.mapValues { Int(clamping: $0) }
        exactTotal = changed.values.reduce(0, +)
        let held = Set(before.achievements.map(\.id))
        newAchievements = after.achievements.filter { !held.contains($0.id) }
    }

    /// The change summed over all point types, **saturating** (display only; see ``exactTotalPointsDelta``).
    public var totalPointsDelta: Int { Int(clamping: exactTotal) }

    /// The change summed over all point types, **checked**: `nil` when it does not fit in an `Int`.
    public var exactTotalPointsDelta: Int? { Int(exactly: exactTotal) }
}

/// Exact sums of point balances: 128 bits hold the sum of 2^64 `Int`s, more than any array can.
enum PointArithmetic {
    static func sum(_ amounts: some Sequence<Int>) -> Int128 {
        amounts.reduce(Int128(0)) { $0 + Int128($1) }
    }
}
