import Foundation
import Signet

/// A GameSystem player: `GET /{tenant}/client/players/{player}`.
///
/// The lists are ``PackedList``s: a player may hold any number of achievements, and each costs its bytes
/// rather than a struct and a string apiece (a 16 MiB answer of achievements would otherwise take several
/// times its size).
public struct Player: Codable, Hashable, Sendable {
    /// The server's id for the player.
    public var id: GameSystemID
    /// The display name.
    public var nickname: String
    /// The id in the tenant's own system.
    public var extID: String?
    /// Point balances by type (e.g. "points").
    public var pointTypes: PackedList<PointBalance>
    /// Achievements awarded so far.
    public var achievements: PackedList<Achievement>
    /// Chosen option id per avatar component name ("Top", "Bottom"); at most ``maximumAvatarComponents``.
    public var avatar: [String: Int]

    /// The most avatar components a player's answer may choose options for: a tenant defines a handful
    /// ("Top", "Bottom"), and an unbounded map would cost several times the answer's size. More is refused
    /// as a decoding error at `$.avatar` naming this limit.
    public static let maximumAvatarComponents = 1_000

    enum CodingKeys: String, CodingKey {
        case id, nickname, extID = "ext_id", pointTypes = "point_types", achievements, avatar
    }

    /// Creates a player value.
    public init(id: GameSystemID, nickname: String, extID: String?, pointTypes: some Sequence<PointBalance>,
                achievements: some Sequence<Achievement>, avatar: [String: Int]) {
        self.id = id
        self.nickname = nickname
        self.extID = extID
        self.pointTypes = PackedList(pointTypes)
        self.achievements = PackedList(achievements)
        self.avatar = avatar
    }

    /// Decodes, treating absent lists and avatar as empty (servers omit empty collections).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(GameSystemID.self, forKey: .id)
        nickname = try container.decode(String.self, forKey: .nickname)
        extID = try container.decodeIfPresent(String.self, forKey: .extID)
        pointTypes = try container.decodeIfPresent(PackedList<PointBalance>.self, forKey: .pointTypes) ?? []
        achievements = try container.decodeIfPresent(PackedList<Achievement>.self, forKey: .achievements) ?? []
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
public struct PointBalance: Codable, Hashable, Sendable, PackableElement {
    /// The point type's name.
    public var name: String
    /// How many the player has.
    public var amount: Int

    /// Creates a balance.
    public init(name: String, amount: Int) {
        self.name = name
        self.amount = amount
    }

    /// Writes the name and amount.
    public func pack(into packer: inout ElementPacker) {
        packer.write(name)
        packer.write(amount)
    }

    /// Reads what ``pack(into:)`` wrote.
    public init(unpacking unpacker: inout ElementUnpacker) {
        name = unpacker.readString()
        amount = unpacker.readInt()
    }
}
