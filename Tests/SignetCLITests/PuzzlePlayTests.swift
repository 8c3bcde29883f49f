import Foundation
import Testing

/// `signet puzzle play` on a real pseudo-terminal (``PseudoTerminal``): keys typed into it move the
/// cursor and mark letters, and the games database says what was found.
@Suite("signet puzzle play")
struct PuzzlePlayTests {
    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    static let right = "\u{1B}[C", left = "\u{1B}[D", down = "\u{1B}[B", up = "\u{1B}OA"

    /// The keys that move the cursor from `from` to `to`.
    static func moves(from: (x: Int, y: Int), to: (x: Int, y: Int)) -> String {
        let horizontal = String(repeating: to.x >= from.x ? right : left, count: abs(to.x - from.x))
        let vertical = String(repeating: to.y >= from.y ? down : up, count: abs(to.y - from.y))
        return horizontal + vertical
    }

    func game(_ arguments: [String]) async throws -> PuzzleCommandTests.Game {
        let output = try await SignetProcess.run(["puzzle", "new", "--json"] + arguments, environment: ["SIGNET_DATA_DIR": data.url.path])
        #expect(output.status == 0, "\(output.stderr)")
        return try JSONDecoder().decode(PuzzleCommandTests.Game.self, from: Data(output.stdout.utf8))
    }

    @Test("arrows and Space find a word by its first and last letters; a miss stores nothing; q saves and quits")
    func pointAndFind() async throws {
        let game = try await game(["--width", "7", "--height", "6", "--words", "2", "--min", "3", "--max", "5", "--seed", "11"])
        let word = game.words[0]
        let terminal = try PseudoTerminal(["puzzle", "play", game.id], environment: ["SIGNET_DATA_DIR": data.url.path])
        try await terminal.wait(for: "q saves and quits")

        // A miss first: two neighbouring cells read two letters, and every word has three or more.
        let neighbour = word.x1 > 0 ? (x: word.x1 - 1, y: word.y1) : (x: word.x1 + 1, y: word.y1)
        terminal.type(Self.moves(from: (0, 0), to: (word.x1, word.y1)) + " " + Self.moves(from: (word.x1, word.y1), to: neighbour) + " ")
        try await terminal.wait(for: "nothing stored")

        var mark = terminal.written
        terminal.type(Self.moves(from: neighbour, to: (word.x1, word.y1)) + " ")
        try await terminal.wait(for: "first letter at (\(word.x1),\(word.y1))", after: mark)
        mark = terminal.written
        terminal.type(Self.moves(from: (word.x1, word.y1), to: (word.x2, word.y2)) + " ")
        let screen = try await terminal.wait(for: "found \(word.word)", after: mark)
        #expect(screen.contains("1 of 2 words found"))
        #expect(screen.contains("[x] \(word.word)"), "the found word is ticked")

        terminal.type("q")
        #expect(try await terminal.exit() == 0)
        try await terminal.wait(for: "saved: puzzle \(game.id), 1 of 2 words found")

        let shown = try await SignetProcess.run(["puzzle", "show", game.id, "--json"], environment: ["SIGNET_DATA_DIR": data.url.path])
        let stored = try JSONDecoder().decode(PuzzleCommandTests.Game.self, from: Data(shown.stdout.utf8))
        #expect(stored.found == 1)
        #expect(stored.words.filter(\.found).map(\.word) == [word.word])
    }

    @Test("finding every word wins, and the game is finished in the database")
    func winOnTheTerminal() async throws {
        let game = try await game(["--width", "6", "--height", "6", "--words", "2", "--min", "3", "--max", "4", "--seed", "5"])
        let terminal = try PseudoTerminal(["puzzle", "play", game.id], environment: ["SIGNET_DATA_DIR": data.url.path])
        try await terminal.wait(for: "q saves and quits")
        var cursor = (x: 0, y: 0)
        for word in game.words {
            terminal.type(Self.moves(from: cursor, to: (word.x1, word.y1)) + " "
                          + Self.moves(from: (word.x1, word.y1), to: (word.x2, word.y2)) + " ")
            cursor = (word.x2, word.y2)
            try await terminal.wait(for: "found \(word.word)")
        }
        try await terminal.wait(for: "you win")
        terminal.type("q")
        #expect(try await terminal.exit() == 0)
        try await terminal.wait(for: "2 of 2 words found — solved")
    }
}
