import Foundation
import Testing

/// `signet demo`, `player`, `event` and `avatar`, run as processes against the embedded reference server
/// (no --base-url), as a newcomer would run them. Output is piped, so it must be plain: no escape codes.
@Suite("signet GameSystem commands")
struct GameSystemCommandTests {
    @Test("demo runs the whole flow with plain output when piped")
    func demo() async throws {
        let output = try await SignetProcess.run(["demo"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(!output.stdout.contains("\u{1B}["), "escape codes written to a pipe")
        #expect(output.stdout.contains("Magic: "))
        #expect(output.stdout.contains("points 10  (+10)"))
        #expect(output.stdout.contains("Achievement unlocked: Rainbow"))
        #expect(output.stdout.contains("Top: Crown (102), Bottom: Kilt (202)"))
    }

    @Test("demo --json is one JSON document with the points and the achievement")
    func demoJSON() async throws {
        let output = try await SignetProcess.run(["demo", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let magic = try #require(object["magic"] as? [String: Any])
        let rules = try #require(magic["rule_results"] as? [String: Any])
        #expect((rules["points_awarded"] as? [String: Any])?["points"] as? Int == 10)
        let after = try #require(object["after"] as? [String: Any])
        let achievements = try #require(after["achievements"] as? [[String: Any]])
        #expect(achievements.map { $0["name"] as? String } == ["Rainbow"])
    }

    @Test("player --json prints the player")
    func playerJSON() async throws {
        let output = try await SignetProcess.run(["player", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["nickname"] as? String == "Ann")
    }

    @Test("event Rainbow announces the achievement")
    func eventRainbow() async throws {
        let output = try await SignetProcess.run(["event", "Rainbow"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Achievement unlocked: Rainbow"))
    }

    @Test("avatar set with an option the component lacks fails with the server's reason")
    func avatarSetUnknownOption() async throws {
        let output = try await SignetProcess.run(["avatar", "set", "--top", "999"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("422"))
        #expect(output.stderr.contains("$.avatar.Top"))
    }

    @Test("avatar set without --top or --bottom is a usage error")
    func avatarSetNothing() async throws {
        let output = try await SignetProcess.run(["avatar", "set"])
        #expect(output.status != 0 && output.status != 1)
        #expect(output.stderr.contains("--top"))
    }

    @Test("a base URL without credentials names the missing variable and sends nothing")
    func missingCredentials() async throws {
        let output = try await SignetProcess.run(["player"], environment: ["SIGNET_BASE_URL": "http://127.0.0.1:9"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("SIGNET_CLIENT_KEY"))
    }

    @Test("a secret given through a file is used and never printed")
    func secretFile() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file(named: "admin-secret", text: "not-the-real-secret\n")
        let output = try await SignetProcess.run(
            ["event", "Magic", "--base-url", "http://127.0.0.1:9", "--admin-secret-file", path],
            environment: ["SIGNET_CLIENT_KEY": "k", "SIGNET_CLIENT_SECRET": "client-secret-value", "SIGNET_ADMIN_KEY": "a"])
        #expect(output.status == 1, "nothing listens on port 9, so the request must fail")
        #expect(!output.stdout.contains("not-the-real-secret") && !output.stderr.contains("not-the-real-secret"))
        #expect(!output.stderr.contains("client-secret-value"))
    }
}
