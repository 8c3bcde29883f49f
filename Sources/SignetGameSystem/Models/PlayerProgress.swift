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
