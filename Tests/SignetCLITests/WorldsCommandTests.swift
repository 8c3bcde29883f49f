import Foundation
import Testing

/// `signet worlds`, run as a process against the embedded reference server (and an unreachable URL
/// where no server should be needed). Every run gets its own data folder, never the real home.
@Suite("signet worlds")
struct WorldsCommandTests {
    static let header = ["NAME", "COUNTRY", "LANGUAGE", "STATUS"]

    /// Runs `signet worlds` with a data folder of its own (or the one given).
    static func run(_ arguments: [String], data: TemporaryDirectory? = nil, environment: [String: String] = [:]) async throws
        -> SignetProcess.Output
    {
        let folder = try data ?? TemporaryDirectory()
        var environment = environment
        environment["SIGNET_DATA_DIR"] = folder.url.path
        return try await SignetProcess.run(["worlds"] + arguments, environment: environment)
    }

    @Test("piped, the default login's worlds print as a plain table")
    func plainTable() async throws {
        let output = try await Self.run([])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(!output.stdout.contains("\u{1B}"))
        let rows = output.lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.first == Self.header)
        #expect(output.lines.count == 6)
        #expect(output.lines.contains { $0.hasPrefix("Österreich 1 ") && $0.hasSuffix("AT       de        online") })
        #expect(output.lines.contains { $0.hasPrefix("Ελλάδα 2 ") && $0.hasSuffix("maintenance") })
        // Columns line up: every row has its country where the header has COUNTRY.
        let countryColumn = try #require(output.lines[0].range(of: "COUNTRY")).lowerBound
        let offset = output.lines[0].distance(from: output.lines[0].startIndex, to: countryColumn)
        for line in output.lines.dropFirst() {
            let country = line.dropFirst(offset).prefix(2)
            #expect(["AU", "DE", "AT", "GR", "FR"].contains(String(country)), "\(line)")
        }
    }

    @Test("--json carries every field; each --format gives the same worlds", arguments: ["openstep", "xml", "binary"])
    func json(format: String) async throws {
        let output = try await Self.run(["--json", "--format", format])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["login"] as? String == "ios.test@xyrality.com")
        #expect(object["serverVersion"] as? String == "signet-reference-1")
        let worlds = try #require(object["worlds"] as? [[String: Any]])
        #expect(worlds.map { $0["name"] as? String } == [
            "Australia 6 (recommended)", "Deutschland 14", "Österreich 1", "Ελλάδα 2", "France 3 (closed)",
        ])
        let first = try #require(worlds.first)
        #expect(first["id"] as? String == "126")
        #expect(first["url"] as? String == "http://backend2.lordsandknights.com/XYRALITY/WebObjects/LKWorldServer-AU-6.woa")
        #expect(first["mapURL"] as? String == "http://maps2.lordsandknights.com/v2/LKWorldServer-AU-6")
        #expect((first["status"] as? [String: String]) == ["id": "3", "description": "online"])
        #expect((object["failures"] as? [Any])?.isEmpty == true)
    }

    @Test("an unknown login, or a wrong SIGNET_PASSWORD, fails with the server's info")
    func unknownUser() async throws {
        for (arguments, environment) in [(["--login", "nobody@example.com"], [String: String]()),
                                         ([], ["SIGNET_PASSWORD": "wrong password"])] {
            let output = try await Self.run(arguments, environment: environment)
            #expect(output.status == 1)
            #expect(output.stdout.isEmpty)
            #expect(output.stderr.contains("Unknown user"), "\(output.stderr)")
            #expect(!output.stderr.contains("wrong password"))
        }
    }

    @Test("SIGNET_PASSWORD is used and never printed, even with trace logging")
    func passwordFromEnvironmentIsNotLogged() async throws {
        let output = try await Self.run(
            ["--login", "awkward+login@signet.example"],
            environment: ["SIGNET_PASSWORD": "p+ss w&rd=100% é€ 😀", "SIGNET_LOG_LEVEL": "trace"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.lines.count == 3)  // header + the awkward account's two worlds
        #expect(output.stderr.contains("request finished"), "trace logging should log the exchange")
        for text in [output.stdout, output.stderr] {
            #expect(!text.contains("p+ss"))
            #expect(!text.contains("p%2Bss"))
        }
    }

    @Test("with a server URL, no SIGNET_PASSWORD and no terminal, it says how to give a password")
    func noPasswordWithoutTerminal() async throws {
        let output = try await Self.run(["--base-url", "http://127.0.0.1:9"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("set SIGNET_PASSWORD"), "\(output.stderr)")
        #expect(output.stderr.contains("not a terminal"))
    }

    @Test("the device id is created in SIGNET_DATA_DIR once and kept across runs; --device-id-file overrides")
    func deviceIdStable() async throws {
        let data = try TemporaryDirectory()
        let file = data.url.appendingPathComponent("device-id")
        #expect(try await Self.run(["--json"], data: data).status == 0)
        let first = try String(contentsOf: file, encoding: .utf8)
        #expect(try await Self.run([], data: data).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == first)
        #expect(UUID(uuidString: first.trimmingCharacters(in: .newlines)) != nil)

        let custom = data.url.appendingPathComponent("elsewhere/id")
        #expect(try await Self.run(["--device-id-file", custom.path], data: data).status == 0)
        let other = try String(contentsOf: custom, encoding: .utf8)
        #expect(other != first)
    }

    @Test("a corrupt device id file is an error naming it, and is left alone")
    func corruptDeviceId() async throws {
        let data = try TemporaryDirectory()
        let path = try data.file(named: "device-id", text: "not a uuid\n")
        let output = try await Self.run([], data: data)
        #expect(output.status == 1)
        #expect(output.stderr.contains(path), "\(output.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "not a uuid\n")
    }
}
