import Foundation
import SignetGameSystem
import SignetServer
import Testing

/// `signet doctor`, the explanation printed under a refused signature, and identical posts from several
/// processes at once.
@Suite("signet doctor and refused signatures")
struct DoctorAndRefusalCommandTests {
    static let demoEnvironment = [
        "SIGNET_CLIENT_KEY": DemoCredentials.clientKey, "SIGNET_CLIENT_SECRET": DemoCredentials.clientSecret,
        "SIGNET_ADMIN_KEY": DemoCredentials.adminKey, "SIGNET_ADMIN_SECRET": DemoCredentials.adminSecret,
    ]

    func server(separator: GameSystemSeparator = .escaped, explains: Bool = true) async throws -> ReferenceServer {
        var configuration = ReferenceServerConfiguration()
        configuration.logger.logLevel = .critical
        configuration.separator = separator
        configuration.explainsFailures = explains
        return try await ReferenceServer.start(configuration)
    }

    @Test("against the embedded server everything is fine: exit 0, the signed GET accepted")
    func embedded() async throws {
        let output = try await SignetProcess.run(["doctor"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("reachable       yes"))
        #expect(output.stdout.contains("signed GET      accepted (/acme/client/players/ann)"))
        let json = try await SignetProcess.run(["doctor", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["reachable"] as? Bool == true)
        #expect((report["signedGet"] as? [String: Any])?["accepted"] as? Bool == true)
        let offset = try #require(report["clockOffsetSeconds"] as? Double)
        #expect(abs(offset) <= 2)
    }

    @Test("the environment's secret wins over the config file's secret file, as the environment wins over the file")
    func environmentSecretOverConfigFile() async throws {
        let server = try await server()
        let directory = try TemporaryDirectory()
        let wrong = try directory.file(named: "stale-secret", text: "not-the-secret\n")
        let config = try directory.file(named: "config.json", text: #"{"client_key": "nobody", "client_secret_file": "\#(wrong)"}"#)
        // The key and the secret both from the environment; before, the secret came from the file: 401.
        let output = try await SignetProcess.run(
            ["doctor", "--base-url", server.baseURL.absoluteString, "--config", config], environment: Self.demoEnvironment)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("signed GET      accepted"), "\(output.stdout)")
        await server.stop()
    }

    @Test("a server that joins with a real newline and explains nothing: doctor finds the separator itself")
    func separatorProbe() async throws {
        let server = try await server(separator: .newline, explains: false)
        let output = try await SignetProcess.run(["doctor", "--base-url", server.baseURL.absoluteString],
                                                 environment: Self.demoEnvironment)
        await server.stop()
        #expect(output.status == 1)
        #expect(output.stdout.contains("signed GET      refused:"))
        #expect(output.stdout.contains("it joins with 'newline'"), "\(output.stdout)")
    }

    @Test("a refused signature prints the cause, what the server expected and what was signed, difference marked")
    func refusalExplained() async throws {
        let server = try await server(separator: .newline)
        let output = try await SignetProcess.run(["player", "--base-url", server.baseURL.absoluteString],
                                                 environment: Self.demoEnvironment)
        await server.stop()
        #expect(output.status == 1)
        let lines = output.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("separator-escaped") == true, "\(output.stderr)")
        let expected = try #require(lines.first { $0.hasPrefix("  server expected: ") })
        let signed = try #require(lines.first { $0.hasPrefix("  client signed:   ") })
        let marker = try #require(lines.first { $0.hasSuffix("^ first difference") })
        // The server joins with a real newline (shown as ⏎), the client signed backslash-n.
        #expect(expected.contains("⏎1B2M2Y8AsgTpgAmY7PhCfg==⏎/acme/client/players/ann⏎GET"))
        #expect(signed.contains(#"\n1B2M2Y8AsgTpgAmY7PhCfg==\n/acme/client/players/ann\nGET"#))
        let column = try #require(marker.firstIndex(of: "^")).utf16Offset(in: marker)
        let differing = try #require(expected.firstIndex(of: "⏎")).utf16Offset(in: expected)
        #expect(column == differing)
    }

    @Test("four processes posting Magic three times each, all at once: every post succeeds, +120 points")
    func fourProcesses() async throws {
        let server = try await server()
        let url = server.baseURL.absoluteString
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<3 {
                        let output = try await SignetProcess.run(["event", "Magic", "--base-url", url, "--json"],
                                                                 environment: Self.demoEnvironment, timeout: .seconds(60))
                        #expect(output.status == 0, "\(output.stderr)")
                    }
                }
            }
            try await group.waitForAll()
        }
        let player = try await SignetProcess.run(["player", "--base-url", url, "--json"], environment: Self.demoEnvironment)
        await server.stop()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(player.stdout.utf8)) as? [String: Any])
        let points = (json["point_types"] as? [[String: Any]])?.first { $0["name"] as? String == "points" }?["amount"] as? Int
        #expect(points == 120, "\(player.stdout)")
    }
}
