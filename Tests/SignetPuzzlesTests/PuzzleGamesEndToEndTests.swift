import Foundation
import SignetPuzzles
import SignetPuzzlesStore
import SignetTransportTestSupport
import Testing

/// Puzzles fetched from the real reference server, played in a real SQLite file.
@Suite("Games from the reference server in a real store")
struct PuzzleGamesEndToEndTests {
    @Test("a game survives a restart: a new store over the same file sees every find, then the win",
          arguments: TransportKind.allCases)
    func survivesRestart(kind: TransportKind) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("data/puzzles.sqlite")
        let settings = PuzzleSettings(width: 12, height: 12, words: 5, minLength: 3, maxLength: 6,
                                      capabilities: ["horizontal", "vertical", "angle"])
        var fetched: ReceivedPuzzle?
        try await withPuzzlesClient(kind) { client, _ in
            fetched = try await client.puzzle(settings)
        }
        let puzzle = try #require(fetched).puzzle
        let words = puzzle.words.map(\.word)

        let first = try PuzzleStore(path: path)
        try await first.save(puzzle, settings: settings)
        #expect(try await first.markFound(puzzleID: puzzle.id, word: words[0].lowercased()) == .found)
        #expect(try await first.markFound(puzzleID: puzzle.id, word: words[1]) == .found)
        try first.close()

        let second = try PuzzleStore(path: path)
        let restored = try await second.game(puzzleID: puzzle.id)
        #expect(restored.puzzle == puzzle)
        #expect(restored.settings == settings)
        #expect(restored.foundWords == [words[0], words[1]])
        #expect(restored.remainingWords == Array(words[2...]))
        #expect(try await second.games(.inProgress).map(\.puzzleID) == [puzzle.id])
        for word in words[2..<(words.count - 1)] {
            #expect(try await second.markFound(puzzleID: puzzle.id, word: word) == .found)
        }
        #expect(try await second.markFound(puzzleID: puzzle.id, word: words[words.count - 1]) == .won)
        try second.close()

        let third = try PuzzleStore(path: path)
        let finished = try await third.games(.finished)
        #expect(finished.map(\.puzzleID) == [puzzle.id])
        #expect(finished.first?.foundCount == words.count)
        #expect(try await third.games(.inProgress).isEmpty)
        try third.close()
    }

    @Test("two stores on one file finding the server's words at once lose nothing", arguments: TransportKind.allCases)
    func concurrentFinders(kind: TransportKind) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("puzzles.sqlite")
        var fetched: ReceivedPuzzle?
        try await withPuzzlesClient(kind) { client, _ in
            fetched = try await client.puzzle(PuzzleSettings(
                width: 20, height: 20, words: 16, minLength: 3, maxLength: 8, capabilities: ["horizontal", "vertical", "angle"]))
        }
        let puzzle = try #require(fetched).puzzle
        let first = try PuzzleStore(path: path)
        let second = try PuzzleStore(path: path)
        try await first.save(puzzle)
        let outcomes = try await withThrowingTaskGroup(of: FindOutcome.self) { group in
            for (index, placed) in puzzle.words.enumerated() {
                let store = index.isMultiple(of: 2) ? first : second
                group.addTask { try await store.markFound(puzzleID: puzzle.id, word: placed.word) }
            }
            var collected: [FindOutcome] = []
            for try await outcome in group {
                collected.append(outcome)
            }
            return collected
        }
        #expect(outcomes.filter { $0 == .won }.count == 1)
        #expect(outcomes.filter { $0 == .found }.count == puzzle.words.count - 1)
        try first.close()
        try second.close()
        let reopened = try PuzzleStore(path: path)
        let game = try await reopened.game(puzzleID: puzzle.id)
        #expect(Set(game.foundWords) == Set(puzzle.words.map(\.word)))
        #expect(game.isFinished)
        try reopened.close()
    }
}
