import Foundation
import SignetPuzzles

/// A stored puzzle with the state of its game.
public struct SavedGame: Sendable, Hashable {
    /// The puzzle, checked again when loaded.
    public let puzzle: Puzzle
    /// The settings it was requested with, when known.
    public let settings: PuzzleSettings?
    /// When the puzzle was saved.
    public let createdAt: Date
    /// When the game started.
    public let startedAt: Date
    /// When the last word was found; nil while in progress.
    public let finishedAt: Date?
    /// The words found, in the order they were found, spelled as the puzzle spells them.
    public let foundWords: [String]

    /// The distinct words still to find, in the puzzle's order.
    public var remainingWords: [String] {
        let found = Set(foundWords.map { $0.uppercased() })
        return puzzle.distinctWords.filter { !found.contains($0.uppercased()) }
    }

    /// Whether every word has been found.
    public var isFinished: Bool { finishedAt != nil }
}
