import Foundation
import Testing

/// Text a server sends (nicknames, names, ids, messages, `error_message`) reaches the terminal escaped:
/// ESC, BEL, newlines, C1 and bidi controls print as `\u{…}`, never as the bytes a terminal would obey, and
/// never as a forged line of their own. The expected escapes are written out by hand here.
@Suite("signet with a hostile server: text", .enabled(if: HostileServer.isAvailable, "python3 is not on PATH"))
struct HostileTextTests {
    /// ESC [31m, BEL, and a line feed before a forged error line.
    static let nickname = "Ann\u{1B}[31m\u{07}\nerror: forged"
    static let nicknameShown = #"Ann\u{1B}[31m\u{7}\u{A}error: forged"#

    static var player: [String: Any] {
        [
            "id": 1, "nickname": nickname,
            "point_types": [["name": "points\u{1B}]0;title\u{07}", "amount": 5]],
            "achievements": [["id": "a1", "name": "Star\u{9B}31m", "description": "d\u{202E}live"]],
            "avatar": ["Top": 101, "Bottom": 100001],
        ]
    }

    @Test("player: the nickname, point type and achievement print escaped, on the lines they belong to")
    func playerCard() async throws {
        let server = try await HostileServer(["players": [Self.player]])
        let output = try await SignetProcess.run(["player"], environment: server.environment, timeout: .seconds(60))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.lines == [
            "Player: \(Self.nicknameShown) (id 1)",
            #"Points: 5 points\u{1B}]0;title\u{7}"#,
            #"Achievements: ★ Star\u{9B}31m — d\u{202E}live"#,
            "Avatar: Top: Top 0 (101), Bottom: Bottom 0 (100001)",
        ])
        output.expectNoControlCharacters()
    }

    @Test("player --json: JSON escapes, the same values when decoded, and no raw control character")
    func playerJSON() async throws {
        let server = try await HostileServer(["players": [Self.player]])
        let output = try await SignetProcess.run(["player", "--json"], environment: server.environment, timeout: .seconds(60))
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["nickname"] as? String == Self.nickname)
        let achievement = try #require((object["achievements"] as? [[String: Any]])?.first)
        #expect(achievement["name"] as? String == "Star\u{9B}31m")
        #expect(achievement["description"] as? String == "d\u{202E}live")
        #expect(output.stdout.contains(#"Ann\u001b[31m\u0007\nerror: forged"#))
        #expect(output.stdout.contains(#"Star\u009b31m"#))
        #expect(output.stdout.contains(#"d\u202elive"#))
        output.expectNoControlCharacters()
    }

    @Test("avatar and event: the nickname, the server's message and the achievement print escaped")
    func avatarAndEvent() async throws {
        var after = Self.player
        after["achievements"] = [["id": "a2", "name": "Rain\u{1B}[5mbow\u{07}"]]
        let avatarServer = try await HostileServer(["players": [Self.player]])
        let avatar = try await SignetProcess.run(["avatar"], environment: avatarServer.environment, timeout: .seconds(60))
        #expect(avatar.status == 0, "\(avatar.stderr)")
        #expect(avatar.lines.first == "\(Self.nicknameShown)'s avatar — Top: Top 0 (101), Bottom: Bottom 0 (100001)")
        avatar.expectNoControlCharacters()

        // The event reads the player before (the first answer) and after (the second) posting.
        let server = try await HostileServer([
            "players": [Self.player, after],
            "event": ["message": "done\u{1B}[2J\u{07}\r\nerror: forged", "rule_results": ["achievements_awarded": []]],
        ])
        let event = try await SignetProcess.run(["event", "Magic"], environment: server.environment, timeout: .seconds(60))
        #expect(event.status == 0, "\(event.stderr)")
        #expect(event.lines == [
            #"Magic: done\u{1B}[2J\u{7}\u{D}\u{A}error: forged"#,
            #"  ★ Achievement unlocked: Rain\u{1B}[5mbow\u{7} ★"#,
        ])
        event.expectNoControlCharacters()
    }

    @Test("error_message with ESC, BEL and a newline: one escaped line on stderr, logs escaped too")
    func errorMessage() async throws {
        let server = try await HostileServer(["error": ["status": 422, "message": "denied\u{1B}[31m\u{07}\nerror: forged"]])
        let output = try await SignetProcess.run(["player"], environment: server.environment, timeout: .seconds(60))
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(output.stderr)")
        #expect(lines.first?.hasPrefix("error: ") == true)
        #expect(output.stderr.contains(#"server says "denied\u{1B}[31m\u{7}\u{A}error: forged""#), "\(output.stderr)")
        output.expectNoControlCharacters()

        var environment = server.environment
        environment["SIGNET_LOG_LEVEL"] = "trace"
        let logged = try await SignetProcess.run(["player"], environment: environment, timeout: .seconds(60))
        #expect(logged.status == 1)
        #expect(logged.stderr.split(separator: "\n").count > 1, "trace logging should log the exchange")
        #expect(!logged.stderr.split(separator: "\n").contains { $0.hasPrefix("error: forged") })
        logged.expectNoControlCharacters()
    }

    @Test("conditions list and show: names, ids and values print escaped")
    func conditions() async throws {
        let condition: [String: Any] = [
            "op": "eq", "args": [["type": "argument", "argumentNumber": 1], ["type": "string", "value": "v\u{9D}8;;x\u{07}"]],
        ]
        let server = try await HostileServer([
            "conditions": [["name": "beta\u{1B}[2J\u{07}\nforged", "_id": "7\u{1B}[1m"]],
            "condition": ["name": "beta\u{1B}[2J\u{07}\nforged", "_id": "7", "condition": condition],
        ])
        let list = try await SignetProcess.run(["conditions", "list"], environment: server.environment, timeout: .seconds(60))
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.lines == [#"7\u{1B}[1m  beta\u{1B}[2J\u{7}\u{A}forged"#])
        list.expectNoControlCharacters()

        let show = try await SignetProcess.run(["conditions", "show", "7"], environment: server.environment, timeout: .seconds(60))
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.lines.first == #"beta\u{1B}[2J\u{7}\u{A}forged"#)
        #expect(show.lines.count == 2)
        show.expectNoControlCharacters()
    }

    @Test("worlds: a world name with ESC, BEL and a newline prints escaped in its row")
    func worlds() async throws {
        let world: [String: Any] = [
            "id": "1", "name": "W\u{1B}[31m\u{07}\nFAKE", "country": "AU", "language": "en",
            "url": "http://worlds.example/1", "mapURL": "http://maps.example/1",
            "worldStatus": ["id": "3", "description": "online"],
        ]
        let server = try await HostileServer(["worlds": ["allAvailableWorlds": [world], "serverVersion": "hostile"]])
        let data = try TemporaryDirectory()
        var environment = server.environment
        environment["SIGNET_DATA_DIR"] = data.url.path
        let output = try await SignetProcess.run(["worlds"], environment: environment, timeout: .seconds(60))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.lines.count == 2, "\(output.stdout)")
        #expect(output.lines.last?.hasPrefix(#"W\u{1B}[31m\u{7}\u{A}FAKE  AU"#) == true, "\(output.stdout)")
        output.expectNoControlCharacters()
    }

    @Test("puzzle new and list: a puzzle id with ESC, BEL and a newline prints escaped")
    func puzzleID() async throws {
        let server = try await HostileServer([
            "capabilities": [["name": "Horizontal", "description": "words left to right", "keyword": "horizontal"]],
            "puzzle": ["id": "p\u{1B}[31m\u{07}\nFAKE", "puzzle": [["C", "A", "T"], ["D", "O", "G"]],
                       "words": [["word": "CAT", "x1": 0, "y1": 0, "x2": 2, "y2": 0]]],
        ])
        let data = try TemporaryDirectory()
        var environment = server.environment
        environment["SIGNET_DATA_DIR"] = data.url.path
        let new = try await SignetProcess.run(
            ["puzzle", "new", "--width", "3", "--height", "2", "--words", "1", "--min", "3", "--max", "3", "--allow", "horizontal"],
            environment: environment, timeout: .seconds(60))
        #expect(new.status == 0, "\(new.stderr)")
        #expect(new.lines.first == #"puzzle p\u{1B}[31m\u{7}\u{A}FAKE: 3×2, 0 of 1 words found"#)
        #expect(new.lines.last == #"or point at a word: signet puzzle find p\u{1B}[31m\u{7}\u{A}FAKE WORD --from X,Y --to X,Y"#)
        new.expectNoControlCharacters()

        let list = try await SignetProcess.run(["puzzle", "list"], environment: environment, timeout: .seconds(60))
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.lines.contains { $0.hasPrefix(#"  p\u{1B}[31m\u{7}\u{A}FAKE  3×2"#) }, "\(list.stdout)")
        list.expectNoControlCharacters()
    }

    @Test("On a terminal only the command's own colour codes are written; the nickname's stay escaped",
          .enabled(if: FileManager.default.isExecutableFile(atPath: SignetProcess.terminalRecorder.path), "no script(1)"))
    func richTerminal() async throws {
        let server = try await HostileServer(["players": [Self.player]])
        let output = try await SignetProcess.run(["player"], environment: server.environment, timeout: .seconds(60), inTerminal: true)
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("\u{1B}[1;36m"), "the rich card should be coloured: \(output.stdout)")
        #expect(output.stdout.contains(Self.nicknameShown))
        // Every ESC written starts a colour sequence (ESC [ digits/semicolons m), and nothing else.
        let text = Array(output.stdout.unicodeScalars)
        for index in text.indices where text[index] == "\u{1B}" {
            let rest = String(String.UnicodeScalarView(text[index...].dropFirst().prefix(12)))
            #expect(rest.range(of: "^\\[[0-9;]*m", options: .regularExpression) != nil, "not a colour code: \(rest.debugDescription)")
        }
        output.expectNoControlCharacters(allowingEscapeSequences: true)
    }
}
