import Foundation
import Testing

/// `signet puzzle`, run as separate processes over one games database in a temporary
/// `SIGNET_DATA_DIR`; `new` talks to the embedded reference server.
@Suite("signet puzzle")
struct PuzzleCommandTests {
    /// A game as `show --json` / `new --json` prints it.
    struct Game: Decodable {
        struct Word: Decodable {
            let word: String
            let x1: Int, y1: Int, x2: Int, y2: Int
            let found: Bool

            /// `--from X1,Y1 --to X2,Y2`: where the word is.
            var pointing: [String] { ["--from", "\(x1),\(y1)", "--to", "\(x2),\(y2)"] }
        }

        let id: String
        let width: Int
        let height: Int
        let grid: [String]
        let words: [Word]
        let found: Int
        let total: Int
        let finished: Bool
        let finishedAt: String?
    }

    struct Summary: Decodable {
        let id: String
        let found: Int
        let total: Int
        let finished: Bool
    }

    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    func signet(_ arguments: [String], environment: [String: String]? = nil) async throws -> SignetProcess.Output {
        try await Self.signet(arguments, environment: environment ?? ["SIGNET_DATA_DIR": data.url.path])
    }

    static func signet(_ arguments: [String], environment: [String: String]) async throws -> SignetProcess.Output {
        try await SignetProcess.run(["puzzle"] + arguments, environment: environment)
    }

    func decode<T: Decodable>(_ type: T.Type, _ output: SignetProcess.Output) throws -> T {
        #expect(output.status == 0, "\(output.stderr)")
        return try JSONDecoder().decode(type, from: Data(output.stdout.utf8))
    }

    @Test("new, list, find, show and delete, each its own process over one database")
    func playThrough() async throws {
        let game = try decode(Game.self, try await signet(
            ["new", "--width", "10", "--height", "8", "--words", "4", "--min", "3", "--max", "5", "--json"]))
        #expect(game.width == 10 && game.height == 8)
        #expect(game.grid.count == 8 && game.grid.allSatisfy { $0.count == 10 })
        #expect(game.words.count == 4)
        #expect(game.words.allSatisfy { (3...5).contains($0.word.count) && !$0.found })
        #expect(FileManager.default.fileExists(atPath: data.url.appendingPathComponent("puzzles.sqlite").path))

        let listed = try decode([Summary].self, try await signet(["list", "--json"]))
        #expect(listed.map(\.id) == [game.id])
        #expect(listed.first?.finished == false)

        let first = try await signet(["find", game.id, game.words[0].word.lowercased()] + game.words[0].pointing)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "found \(game.words[0].word) (1 of 4)\n")

        let again = try await signet(["find", game.id, game.words[0].word] + game.words[0].pointing)
        #expect(again.status == 0)
        #expect(again.stdout.contains("already found"))

        let stranger = try await signet(["find", game.id, "zzzzq"] + game.words[0].pointing)
        #expect(stranger.status == 1)
        #expect(stranger.stderr.contains(#""zzzzq" is not one of the words of this puzzle"#))

        let named = try await signet(["find", game.id, game.words[1].word])
        #expect(named.status != 0, "the name alone finds nothing: --from and --to are required")
        #expect(named.stderr.contains("--from"))

        let shown = try await signet(["show", game.id])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(!shown.stdout.contains("\u{1B}["), "piped output carries no escape codes")
        #expect(shown.stdout.contains("1 of 4 words found"))
        #expect(shown.stdout.contains("[x] \(game.words[0].word)"))
        #expect(shown.stdout.contains("[ ] \(game.words[1].word)"))
        for row in game.grid {
            #expect(shown.lines.contains("  " + row.map(String.init).joined(separator: " ")))
        }

        var last = first
        for word in game.words.dropFirst() {
            last = try await signet(["find", game.id, word.word] + word.pointing)
            #expect(last.status == 0, "\(last.stderr)")
        }
        #expect(last.stdout.contains("You win"))

        let finished = try decode(Game.self, try await signet(["show", game.id, "--json"]))
        #expect(finished.finished && finished.finishedAt != nil)
        #expect(finished.found == 4 && finished.words.allSatisfy(\.found))
        let list = try await signet(["list"])
        #expect(list.stdout.contains("Finished (1)"))
        #expect(!list.stdout.contains("In progress"))

        let deleted = try await signet(["delete", game.id])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try decode([Summary].self, try await signet(["list", "--json"])).isEmpty)
        let deletedAgain = try await signet(["delete", game.id])
        #expect(deletedAgain.status == 1)
        #expect(deletedAgain.stderr.contains("no puzzle with id"))
        let unknownShow = try await signet(["show", game.id])
        #expect(unknownShow.status == 1)
    }

    @Test("a find is checked against the grid: a wrong place is a miss, said clearly, and nothing is stored")
    func pointingMisses() async throws {
        let game = try decode(Game.self, try await signet(
            ["new", "--width", "8", "--height", "8", "--words", "3", "--min", "3", "--max", "5", "--seed", "3", "--json"]))
        let word = game.words[0]
        // One cell short of the word: the line reads fewer letters than the word has.
        let short = word.x2 == word.x1 && word.y2 == word.y1 ? word.pointing
            : ["--from", "\(word.x1),\(word.y1)", "--to", "\(word.x1 + (word.x2 - word.x1).signum() * (word.word.count - 2)),"
               + "\(word.y1 + (word.y2 - word.y1).signum() * (word.word.count - 2))"]
        let miss = try await signet(["find", game.id, word.word] + short)
        #expect(miss.status == 1)
        #expect(miss.stderr.contains("miss: (\(word.x1),\(word.y1)) to"), "\(miss.stderr)")
        #expect(miss.stderr.contains("not \(word.word); nothing was stored"), "\(miss.stderr)")

        let backwards = try await signet(["find", game.id, word.word, "--from", "\(word.x2),\(word.y2)", "--to", "\(word.x1),\(word.y1)"])
        #expect(backwards.status == 1)
        #expect(backwards.stderr.contains("reads \(word.word) backwards"), "\(backwards.stderr)")

        let outside = try await signet(["find", game.id, word.word, "--from", "0,0", "--to", "8,0"])
        #expect(outside.status == 1)
        #expect(outside.stderr.contains("(8,0) is outside the 8×8 grid"), "\(outside.stderr)")

        let bent = try await signet(["find", game.id, word.word, "--from", "0,0", "--to", "1,2"])
        #expect(bent.status == 1)
        #expect(bent.stderr.contains("not on one row, column or diagonal"), "\(bent.stderr)")

        let malformed = try await signet(["find", game.id, word.word, "--from", "a,b", "--to", "1,2"])
        #expect(malformed.status == 64)

        let stored = try decode(Game.self, try await signet(["show", game.id, "--json"]))
        #expect(stored.found == 0 && !stored.words.contains(where: \.found), "a miss stores nothing")

        let hit = try await signet(["find", game.id, word.word] + word.pointing)
        #expect(hit.status == 0, "\(hit.stderr)")
        #expect(hit.stdout.hasPrefix("found \(word.word) (1 of"))
    }

    @Test("play refuses without a terminal and points to find")
    func playNeedsATerminal() async throws {
        let game = try decode(Game.self, try await signet(
            ["new", "--width", "6", "--height", "6", "--words", "2", "--min", "3", "--max", "4", "--json"]))
        let piped = try await signet(["play", game.id])
        #expect(piped.status == 1)
        #expect(piped.stderr.contains("needs a terminal"), "\(piped.stderr)")
        #expect(piped.stderr.contains("signet puzzle find \(game.id) WORD --from X,Y --to X,Y"), "\(piped.stderr)")
    }

    @Test("--allow limits the directions to those named", arguments: [
        ("vertical", ["vertical"]), ("horizontal,angle", ["horizontal", "angle"]), ("Angle", ["angle"]),
    ])
    func allow(option: String, keywords: [String]) async throws {
        let game = try decode(Game.self, try await signet(
            ["new", "--width", "9", "--height", "9", "--words", "5", "--min", "3", "--max", "6", "--allow", option, "--json"]))
        #expect(game.words.count == 5)
        for word in game.words {
            let dx = word.x2 - word.x1, dy = word.y2 - word.y1
            let keyword = dy == 0 ? "horizontal" : dx == 0 ? "vertical" : abs(dx) == abs(dy) ? "angle" : "bent"
            #expect(keywords.contains(keyword), "\(word.word) runs \(keyword)")
        }
    }

    @Test("--allow naming what /capabilities does not list fails with the list, and nothing is saved")
    func unofferedCapability() async throws {
        let output = try await signet(["new", "--allow", "horizontal,diagonal"])
        #expect(output.status == 1)
        #expect(output.stderr.contains(#"the server does not offer "diagonal"; it offers "horizontal", "vertical", "angle""#))
        #expect(try decode([Summary].self, try await signet(["list", "--json"])).isEmpty)
    }

    @Test("the published duplicate keyword is reported as a warning on stderr")
    func duplicateKeywordWarning() async throws {
        let output = try await signet(["new", "--words", "3"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains(#"warning: capability "Vertical" was published with keyword "horizontal""#))
    }

    @Test("bounds fail before sending; impossible settings get the server's 422 reason")
    func refusals() async throws {
        let bounds = try await signet(["new", "--width", "0"])
        #expect(bounds.status == 1)
        #expect(bounds.stderr.contains("width: 0 is outside 1…64"))

        let crowded = try await signet(
            ["new", "--width", "2", "--height", "2", "--words", "10", "--min", "2", "--max", "2", "--allow", "horizontal"])
        #expect(crowded.status == 1)
        #expect(crowded.stderr.contains("HTTP 422"))
        #expect(crowded.stderr.contains("2×2 grid"))
    }

    @Test("--seed makes the embedded server's puzzle repeatable; without it each new game differs")
    func seeds() async throws {
        let arguments = ["new", "--width", "8", "--height", "8", "--words", "3", "--min", "3", "--max", "5", "--json"]
        let other = try TemporaryDirectory()
        let first = try decode(Game.self, try await signet(arguments + ["--seed", "7"]))
        let repeated = try decode(Game.self, try await signet(
            arguments + ["--seed", "7"], environment: ["SIGNET_DATA_DIR": other.url.path]))
        #expect(first.id == repeated.id && first.grid == repeated.grid)

        let unseeded = try decode(Game.self, try await signet(arguments))
        let unseededAgain = try decode(Game.self, try await signet(arguments))
        #expect(unseeded.id != unseededAgain.id)
        #expect(try decode([Summary].self, try await signet(["list", "--json"])).count == 3)

        let withBaseURL = try await signet(arguments + ["--seed", "7", "--base-url", "http://127.0.0.1:9"])
        #expect(withBaseURL.status == 1)
    }

    @Test("two processes finding words at the same time lose nothing; exactly one wins")
    func concurrentFinders() async throws {
        let game = try decode(Game.self, try await signet(
            ["new", "--width", "12", "--height", "12", "--words", "8", "--min", "3", "--max", "6", "--json"]))
        let halves = [
            game.words.enumerated().filter { $0.offset.isMultiple(of: 2) }.map { [$0.element.word] + $0.element.pointing },
            game.words.enumerated().filter { !$0.offset.isMultiple(of: 2) }.map { [$0.element.word] + $0.element.pointing },
        ]
        let environment = ["SIGNET_DATA_DIR": data.url.path], id = game.id
        let outputs = try await withThrowingTaskGroup(of: [SignetProcess.Output].self) { group in
            for half in halves {
                group.addTask {
                    var outputs: [SignetProcess.Output] = []
                    for word in half {
                        outputs.append(try await Self.signet(["find", id] + word, environment: environment))
                    }
                    return outputs
                }
            }
            var all: [SignetProcess.Output] = []
            for try await outputs in group {
                all += outputs
            }
            return all
        }
        #expect(outputs.count == 8)
        #expect(outputs.allSatisfy { $0.status == 0 }, "\(outputs.map(\.stderr))")
        #expect(outputs.filter { $0.stdout.contains("You win") }.count == 1)
        let finished = try decode(Game.self, try await signet(["show", game.id, "--json"]))
        #expect(finished.found == 8 && finished.finished)
    }

    @Test("the database lives under SIGNET_DATA_DIR, else XDG_DATA_HOME/signet; a foreign file is refused untouched")
    func storeLocation() async throws {
        let xdg = try TemporaryDirectory()
        let listed = try await signet(["list"], environment: ["XDG_DATA_HOME": xdg.url.path])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("no games yet"))
        #expect(FileManager.default.fileExists(atPath: xdg.url.appendingPathComponent("signet/puzzles.sqlite").path))

        let foreign = Data("these are my notes, not a database\n".utf8)
        let path = try data.file(named: "puzzles.sqlite", contents: foreign)
        let refused = try await signet(["list"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("not an SQLite database"))
        #expect(FileManager.default.contents(atPath: path) == foreign)
    }
}
