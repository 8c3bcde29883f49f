import Foundation
import SignetPuzzles

/// One game in a list: which puzzle, how far along, and when.
public struct GameSummary: Sendable, Hashable {
    /// The puzzle's id.
    public let puzzleID: String
    /// Columns in the grid.
    public let width: Int
    /// Rows in the grid.
    public let height: Int
    /// Distinct words to find.
    public let wordCount: Int
    /// Words found so far.
    public let foundCount: Int
    /// When the game started (the puzzle was saved).
    public let startedAt: Date
    /// When the last word was found; nil while in progress.
    public let finishedAt: Date?

    /// Creates a summary.
    public init(
        puzzleID: String, width: Int, height: Int, wordCount: Int, foundCount: Int,
        startedAt: Date, finishedAt: Date?
    ) {
        self.puzzleID = puzzleID
        self.width = width
        self.height = height
        self.wordCount = wordCount
        self.foundCount = foundCount
        self.startedAt = startedAt
        self.finishedAt = finishedAt
    }

    /// Whether every word has been found.
    public var isFinished: Bool { finishedAt != nil }
}
