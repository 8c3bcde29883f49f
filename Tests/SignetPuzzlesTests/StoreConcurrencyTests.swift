import Foundation
import SignetPuzzles
import SignetPuzzlesStore
@testable import SignetServer
import Testing

@Suite("Puzzle store under concurrent finders")
struct StoreConcurrencyTests {
    @Test("two stores on one file, many tasks marking words: every word is kept, one win")
    func concurrentFinders() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("puzzles.sqlite")
        let settings = PuzzleSettings(
            width: 40, height: 40, words: 60, minLength: 3, maxLength: 10, capabilities: ["horizontal", "vertical", "angle"])
        let puzzle = try PuzzleGenerator(seed: 77).generate(settings)
        let words = puzzle.words.map(\.word)

        // Two DatabasePools on one file stand in for two processes: separate connections,
        // separate write queues, coordinated only by SQLite's file locks.
        let first = try PuzzleStore(path: path)
        let second = try PuzzleStore(path: path)
        try await first.save(puzzle, settings: settings)

        let outcomes = try await withThrowingTaskGroup(of: FindOutcome.self) { group in
            for (index, word) in words.enumerated() {
                let store = index.isMultiple(of: 2) ? first : second
                group.addTask { try await store.markFound(puzzleID: puzzle.id, word: word) }
                // The same word again through the other store: it must count once.
                let other = index.isMultiple(of: 2) ? second : first
                group.addTask { try await other.markFound(puzzleID: puzzle.id, word: word.lowercased()) }
            }
            var collected: [FindOutcome] = []
            for try await outcome in group {
                collected.append(outcome)
            }
            return collected
        }

        #expect(outcomes.count == words.count * 2)
        #expect(outcomes.filter { $0 == .won }.count == 1)
        #expect(outcomes.filter { $0 == .alreadyFound }.count == words.count)
        #expect(outcomes.filter { $0 == .found }.count == words.count - 1)
        for store in [first, second] {
            let game = try await store.game(puzzleID: puzzle.id)
            #expect(Set(game.foundWords) == Set(words))
            #expect(game.foundWords.count == words.count)
            #expect(game.finishedAt != nil)
        }
        try first.close()
        try second.close()
    }
}
