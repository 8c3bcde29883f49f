import Foundation
import SignetPuzzles
import SignetPuzzlesStore
@testable import SignetServer
import Testing

@Suite("Puzzle store")
struct PuzzleStoreTests {
    static let settings = PuzzleSettings(
        width: 10, height: 10, words: 5, minLength: 3, maxLength: 6, capabilities: ["horizontal", "vertical"])

    static func puzzle(seed: UInt64) throws -> Puzzle {
        try PuzzleGenerator(seed: seed).generate(settings)
    }

    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("a saved game survives closing and reopening the store")
    func survivesReopen() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("nested/dir/puzzles.sqlite")
        let puzzle = try Self.puzzle(seed: 1)
        let words = puzzle.words.map(\.word)

        let store = try PuzzleStore(path: path)
        try await store.save(puzzle, settings: Self.settings, at: start)
        #expect(try await store.markFound(puzzleID: puzzle.id, word: words[0], at: start + 10) == .found)
        #expect(try await store.markFound(puzzleID: puzzle.id, word: words[1].lowercased(), at: start + 20) == .found)
        try store.close()

        let reopened = try PuzzleStore(path: path)
        let game = try await reopened.game(puzzleID: puzzle.id)
        #expect(game.puzzle == puzzle)
        #expect(game.settings == Self.settings)
        #expect(game.startedAt == start)
        #expect(game.createdAt == start)
        #expect(game.finishedAt == nil)
        #expect(game.foundWords == [words[0], words[1]])
        #expect(game.remainingWords == Array(words[2...]))
        let listed = try await reopened.games(.inProgress)
        #expect(listed == [GameSummary(
            puzzleID: puzzle.id, width: 10, height: 10, wordCount: 5, foundCount: 2, startedAt: start, finishedAt: nil)])
        try reopened.close()
    }

    @Test("finding every word wins once; repeats and strangers change nothing")
    func findOutcomes() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try PuzzleStore(path: folder.path("puzzles.sqlite"))
        let puzzle = try Self.puzzle(seed: 2)
        let words = puzzle.words.map(\.word)
        try await store.save(puzzle, at: start)

        #expect(try await store.markFound(puzzleID: puzzle.id, word: "NOT-A-WORD") == .notInPuzzle)
        for word in words.dropLast() {
            #expect(try await store.markFound(puzzleID: puzzle.id, word: word) == .found)
        }
        #expect(try await store.markFound(puzzleID: puzzle.id, word: words[0]) == .alreadyFound)
        #expect(try await store.markFound(puzzleID: puzzle.id, word: words[4], at: start + 99) == .won)
        #expect(try await store.markFound(puzzleID: puzzle.id, word: words[4], at: start + 200) == .alreadyFound)

        let game = try await store.game(puzzleID: puzzle.id)
        #expect(game.finishedAt == start + 99)
        #expect(game.remainingWords.isEmpty)
        #expect(try await store.games(.inProgress).isEmpty)
        #expect(try await store.games(.finished).map(\.foundCount) == [5])
        await #expect(throws: PuzzleStoreError.puzzleNotFound(id: "nope")) {
            try await store.markFound(puzzleID: "nope", word: "CAT")
        }
        try store.close()
    }

    @Test("games list newest first, filtered, and deletion removes a game")
    func listAndDelete() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try PuzzleStore(path: folder.path("puzzles.sqlite"))
        let older = try Self.puzzle(seed: 3)
        let newer = try Self.puzzle(seed: 4)
        try await store.save(older, at: start)
        try await store.save(newer, at: start + 60)
        await #expect(throws: PuzzleStoreError.duplicatePuzzle(id: older.id)) {
            try await store.save(older)
        }
        #expect(try await store.games().map(\.puzzleID) == [newer.id, older.id])
        for word in older.words.map(\.word) {
            _ = try await store.markFound(puzzleID: older.id, word: word)
        }
        #expect(try await store.games(.finished).map(\.puzzleID) == [older.id])
        #expect(try await store.games(.inProgress).map(\.puzzleID) == [newer.id])

        #expect(try await store.delete(puzzleID: older.id))
        #expect(try await !store.delete(puzzleID: older.id))
        #expect(try await store.games().map(\.puzzleID) == [newer.id])
        await #expect(throws: PuzzleStoreError.puzzleNotFound(id: older.id)) {
            try await store.game(puzzleID: older.id)
        }
        try store.close()
    }

    @Test("the default location follows SIGNET_DATA_DIR, then XDG_DATA_HOME, then ~/.local/share")
    func defaultLocation() {
        let env1 = ["SIGNET_DATA_DIR": "/data/signet", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"]
        #expect(PuzzleStoreLocation.defaultDatabaseURL(environment: env1).path == "/data/signet/puzzles.sqlite")
        let env2 = ["SIGNET_DATA_DIR": "", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"]
        #expect(PuzzleStoreLocation.defaultDatabaseURL(environment: env2).path == "/xdg/signet/puzzles.sqlite")
        let env3 = ["XDG_DATA_HOME": "relative/ignored", "HOME": "/home/ann"]
        #expect(PuzzleStoreLocation.defaultDatabaseURL(environment: env3).path
            == "/home/ann/.local/share/signet/puzzles.sqlite")
    }

    @Test("the store opens at the default location from the environment")
    func opensDefault() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try PuzzleStore(environment: ["SIGNET_DATA_DIR": folder.path("data")])
        #expect(store.path == folder.path("data/puzzles.sqlite"))
        #expect(try await store.games().isEmpty)
        try store.close()
        #expect(FileManager.default.fileExists(atPath: folder.path("data/puzzles.sqlite")))
    }
}
