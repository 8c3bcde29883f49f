import Foundation
import SignetGameSystem
import Testing

/// Point balances come from a server, so sums and differences near `Int.max` and `Int.min` must neither trap
/// nor wrap: the display values saturate, the exact values are nil when they do not fit.
@Suite("Point arithmetic on server numbers")
struct PointArithmeticTests {
    static func player(_ amounts: [(String, Int)], achievements: [String] = []) -> Player {
        Player(id: "1", nickname: "Ann", extID: nil,
               pointTypes: amounts.map { PointBalance(name: $0.0, amount: $0.1) },
               achievements: achievements.map { Achievement(id: GameSystemID($0), name: $0) }, avatar: [:])
    }

    @Test("totalPoints of balances summing past Int.max saturates; exactTotalPoints is nil")
    func totalPastMax() {
        let player = Self.player([("points", Int.max), ("coins", 1)])
        #expect(player.totalPoints == Int.max)
        #expect(player.exactTotalPoints == nil)
        let twice = Self.player([("points", Int.max), ("coins", Int.max)])
        #expect(twice.totalPoints == Int.max)
    }

    @Test("totalPoints past Int.min saturates at Int.min")
    func totalPastMin() {
        let player = Self.player([("points", Int.min), ("debt", -1)])
        #expect(player.totalPoints == Int.min)
        #expect(player.exactTotalPoints == nil)
    }

    @Test("An intermediate overflow that cancels out gives the exact total")
    func cancellingOverflow() {
        // Int.max + Int.max − Int.max − 5: wraps or saturates midway in 64 bits, exact in 128.
        let player = Self.player([("a", Int.max), ("b", Int.max), ("c", Int.min + 1), ("d", -5)])
        #expect(player.totalPoints == 9_223_372_036_854_775_802)
        #expect(player.exactTotalPoints == 9_223_372_036_854_775_802)
        #expect(Self.player([("a", 40), ("b", 2)]).exactTotalPoints == 42)
    }

    @Test("PlayerProgress from Int.min to Int.max saturates the delta instead of trapping")
    func progressAcrossTheRange() {
        let progress = PlayerProgress(before: Self.player([("points", Int.min)]), after: Self.player([("points", Int.max)]))
        #expect(progress.pointsDelta == ["points": Int.max])
        #expect(progress.totalPointsDelta == Int.max)
        #expect(progress.exactTotalPointsDelta == nil)
        let down = PlayerProgress(before: Self.player([("points", Int.max)]), after: Self.player([("points", -2)]))
        #expect(down.pointsDelta == ["points": Int.min])
        #expect(down.exactTotalPointsDelta == nil)
    }

    @Test("A point type listed twice near Int.max is summed exactly before the delta is taken")
    func duplicateTypes() {
        let before = Self.player([("points", Int.max), ("points", Int.max)])
        let after = Self.player([("points", Int.max), ("points", Int.max), ("points", 7)])
        let progress = PlayerProgress(before: before, after: after)
        #expect(progress.pointsDelta == ["points": 7])
        #expect(progress.totalPointsDelta == 7)
        #expect(progress.exactTotalPointsDelta == 7)
    }

    @Test("Per-type deltas that fit can sum past Int.max: the total saturates, the types do not")
    func totalOfFittingDeltas() {
        let before = Self.player([("a", 0), ("b", 0)])
        let after = Self.player([("a", Int.max), ("b", Int.max)], achievements: ["Rainbow"])
        let progress = PlayerProgress(before: before, after: after)
        #expect(progress.pointsDelta == ["a": Int.max, "b": Int.max])
        #expect(progress.totalPointsDelta == Int.max)
        #expect(progress.exactTotalPointsDelta == nil)
        #expect(progress.newAchievements.map(\.name) == ["Rainbow"])
    }

    @Test("A balance of Int.max decodes from the wire and totals without trapping")
    func decodedBalance() throws {
        let json = #"{"id": 1, "nickname": "Ann", "point_types": [{"name": "points", "amount": 9223372036854775807}, "#
            + #"{"name": "coins", "amount": 9223372036854775807}]}"#
        let player = try JSONDecoder().decode(Player.self, from: Data(json.utf8))
        #expect(player.totalPoints == Int.max)
        #expect(player.exactTotalPoints == nil)
    }
}
