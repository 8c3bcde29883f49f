import Foundation
import Testing

/// Numbers a server sends near `Int.max` and `Int.min`, and a server listing thousands of avatar options:
/// the commands print what they can (saturated where display-only, exact in 128 bits where cheap) and
/// never trap. Expected values are written out by hand (2^63 − 1 = 9223372036854775807).
@Suite("signet with a hostile server: numbers and sizes", .enabled(if: HostileServer.isAvailable, "python3 is not on PATH"))
struct HostileNumberCommandTests {
    static func player(_ balances: [(String, Int)]) -> [String: Any] {
        ["id": 1, "nickname": "Ann", "point_types": balances.map { ["name": $0.0, "amount": $0.1] },
         "achievements": [], "avatar": ["Top": 101, "Bottom": 100001]]
    }

    static var event: [String: Any] { ["message": "ok", "rule_results": ["points_awarded": ["points": Int.max]]] }

    struct Report: Decodable {
        let pointsAwarded: Int
        let pointsBefore: Int?
        let pointsAfter: Int?
    }

    @Test("event from Int.min to Int.max points counts up without trapping; the delta saturates")
    func countUpAcrossTheRange() async throws {
        let server = try await HostileServer([
            "players": [Self.player([("points", Int.min)]), Self.player([("points", Int.max)]),
                        Self.player([("points", Int.min)]), Self.player([("points", Int.max)])],
            "event": Self.event,
        ])
        let output = try await SignetProcess.run(["event", "Magic"], environment: server.environment, timeout: .seconds(60))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.lines == ["Magic: ok", "  points 9223372036854775807  (+9223372036854775807)"])

        let json = try await SignetProcess.run(["event", "Magic", "--json"], environment: server.environment, timeout: .seconds(60))
        #expect(json.status == 0, "\(json.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(json.stdout.utf8))
        #expect(report.pointsAwarded == 9_223_372_036_854_775_807)
        #expect(report.pointsBefore == -9_223_372_036_854_775_808)
        #expect(report.pointsAfter == 9_223_372_036_854_775_807)
    }

    @Test("event whose balances sum past Int.max: the display saturates, --json leaves the total out")
    func totalPastMax() async throws {
        let before = Self.player([("points", Int.max)])
        let after = Self.player([("points", Int.max), ("bonus", Int.max)])
        let server = try await HostileServer(["players": [before, after, before, after], "event": Self.event])
        let output = try await SignetProcess.run(["event", "Magic"], environment: server.environment, timeout: .seconds(60))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.lines == ["Magic: ok", "  points 9223372036854775807  (+9223372036854775807)"])

        let json = try await SignetProcess.run(["event", "Magic", "--json"], environment: server.environment, timeout: .seconds(60))
        #expect(json.status == 0, "\(json.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(json.stdout.utf8))
        #expect(report.pointsBefore == 9_223_372_036_854_775_807)
        #expect(report.pointsAfter == nil, "Int.max + Int.max does not fit: \(json.stdout)")
    }

    @Test("avatar --all with 3,000 × 3,000 options draws the first 100 and counts the rest")
    func avatarGallery() async throws {
        let server = try await HostileServer(["players": [Self.player([])], "options": 3_000])
        let started = ContinuousClock.now
        let output = try await SignetProcess.run(["avatar", "--all"], environment: server.environment, timeout: .seconds(120))
        #expect(output.status == 0, "\(output.stderr)")
        // 100 combinations of a description and an 8-line picture, then the count of the 8,999,900 left out.
        #expect(output.lines.count == 100 * 9 + 1)
        #expect(output.lines.first == "Top: Top 0 (101), Bottom: Bottom 0 (100001)")
        #expect(output.lines[9 * 99] == "Top: Top 0 (101), Bottom: Bottom 99 (100100)")
        #expect(output.lines.last == "… 8999900 more combinations not drawn (3000 Top × 3000 Bottom options; --all draws the first 100)")
        #expect(output.stdout.utf8.count < 64 * 1024)
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test("trivia: a question numbered Int.max, a correctChoice of Int.max and hostile standings print without trapping")
    func trivia() async throws {
        let server = try await HostileServer(["trivia": [
            ["type": "welcome", "user": "ann\u{1B}[31m", "role": "player", "jokers": 0, "questionCount": 1, "started": true],
            // The decoder keeps index below count, so the last of Int.max questions is the largest index there is.
            ["type": "question", "questionId": "q1", "index": Int.max - 1, "count": Int.max, "text": "Capital\u{1B}]0;pwned\u{07}?",
             "choices": ["A\u{1B}[2J", "B"], "deadline": "2030-01-01T00:00:00.000Z", "remainingMs": 4_001, "role": "player"],
            "read",
            ["type": "answer-received", "questionId": "q1", "choice": 0],
            ["type": "result", "questionId": "q1", "correct": false, "correctChoice": Int.max, "choice": 0,
             "role": "viewer", "score": 0, "jokerOffered": false],
            ["type": "finish", "standings": [
                ["user": "m\u{1B}[31mallory\u{07}\nFAKE", "score": Int.max, "role": "player", "rank": 1, "left": false],
                ["user": "ann", "score": 0, "role": "viewer", "rank": 2, "left": false],
            ]],
        ]])
        let output = try await SignetProcess.run(["trivia", "play", "--auto", "first"], environment: server.environment,
                                                 timeout: .seconds(60))
        #expect(output.status == 0, "\(output.stderr)")
        let text = output.stdout
        #expect(text.contains(#"Joined as ann\u{1B}[31m (player), 1 questions."#), "\(text)")
        #expect(text.contains(#"Question 9223372036854775807/9223372036854775807  Capital\u{1B}]0;pwned\u{7}?"#), "\(text)")
        #expect(text.contains(#"  1) A\u{1B}[2J"#))
        #expect(text.contains("5 s to answer"))
        #expect(text.contains(#"answer sent… 1) A\u{1B}[2J"#))
        #expect(text.contains("wrong — the answer was 9223372036854775808)  — score 0"), "\(text)")
        #expect(output.lines.contains(#"  1. m\u{1B}[31mallory\u{7}\u{A}FAKE  9223372036854775807  player"#), "\(text)")
        #expect(output.lines.contains { $0.hasPrefix("  2. ann") })
        output.expectNoControlCharacters()
    }
}
