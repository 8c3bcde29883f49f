import Foundation
import Testing

/// `signet trivia play`, run as a process against the embedded reference server with scripted
/// players (no stdin), as CI runs it.
@Suite("signet trivia")
struct TriviaCommandTests {
    struct Output: Decodable {
        struct Row: Decodable { let user: String; let score: Int; let role: String; let rank: Int; let left: Bool }
        let user: String
        let score: Int?
        let rank: Int?
        let role: String?
        let standings: [Row]
    }

    @Test("--auto right: every answer right, against two scripted opponents; JSON standings")
    func autoRight() async throws {
        let output = try await SignetProcess.run(["trivia", "play", "--auto", "right", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let result = try JSONDecoder().decode(Output.self, from: Data(output.stdout.utf8))
        #expect(result.user == "ann")
        #expect(result.score == 5)
        #expect(result.rank == 1)
        #expect(result.role == "player")
        #expect(Set(result.standings.map(\.user)) == ["ann", "ada", "max"])
    }

    @Test("--auto wrong: the joker is offered and used once, then the user watches as a viewer; plain output")
    func autoWrong() async throws {
        let output = try await SignetProcess.run(["trivia", "play", "--auto", "wrong", "--user", "bob"])
        #expect(output.status == 0, "\(output.stderr)")
        let text = output.stdout
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("Trivia as bob — 1 joker"))
        #expect(text.contains("Question 1/5"))
        #expect(text.contains("answer sent…"))
        #expect(text.contains("answer received"))
        #expect(text.contains("wrong — the answer was"))
        #expect(text.components(separatedBy: "joker offered").count - 1 == 1)
        #expect(text.contains("you are now a viewer") || text.contains("joker refused"))
        #expect(text.contains("Final standings"))
        let bob = try #require(output.lines.first { $0.contains(". bob") })
        #expect(bob.contains("  0  viewer"))
    }

    @Test("a user without a joker is not offered one")
    func noJoker() async throws {
        let output = try await SignetProcess.run(["trivia", "play", "--auto", "first", "--user", "zed", "--opponents", "1"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Trivia as zed — 0 jokers"))
        #expect(!output.stdout.contains("joker offered"))
        #expect(output.stdout.contains("Opponents (scripted): ada"))
    }

    @Test("an unknown strategy or a bad user is a usage error")
    func usageErrors() async throws {
        let strategy = try await SignetProcess.run(["trivia", "play", "--auto", "psychic"])
        #expect(strategy.status == 64)
        #expect(strategy.stderr.contains("psychic"))
        let user = try await SignetProcess.run(["trivia", "play", "--user", ""])
        #expect(user.status == 64)
        #expect(user.stderr.contains("user: missing"))
    }

    @Test("an unreachable server fails with a message")
    func unreachable() async throws {
        let output = try await SignetProcess.run(["trivia", "play", "--auto", "first", "--base-url", "http://127.0.0.1:9"])
        #expect(output.status == 1)
        let error = output.stderr.split(separator: "\n").last { $0.hasPrefix("error:") }
        #expect(error?.contains("trivia.jokers") == true, "\(output.stderr)")
    }
}
