import Foundation
import SignetPuzzles
import SignetPuzzlesStore

/// `signet puzzle show --json` (and `new --json`): the whole game.
struct PuzzleGameJSON: Encodable {
    struct Word: Encodable {
        let word: String
        let x1: Int, y1: Int, x2: Int, y2: Int
        let found: Bool
    }

    let id: String
    let width: Int
    let height: Int
    /// The rows as strings, top to bottom.
    let grid: [String]
    let words: [Word]
    let found: Int
    let total: Int
    let finished: Bool
    let startedAt: String
    let finishedAt: String?
    let warnings: [String]?

    init(_ game: SavedGame, warnings: [CapabilityWarning]? = nil) {
        let puzzle = game.puzzle
        let found = Set(game.foundWords.map { $0.uppercased() })
        id = puzzle.id
        width = puzzle.grid.width
        height = puzzle.grid.height
        grid = puzzle.grid.rows.map { String($0) }
        words = puzzle.words.map {
            Word(word: $0.word, x1: $0.start.x, y1: $0.start.y, x2: $0.end.x, y2: $0.end.y,
                 found: found.contains($0.word.uppercased()))
        }
        self.found = game.foundWords.count
        total = puzzle.distinctWords.count
        finished = game.isFinished
        startedAt = PuzzleDates.iso8601(game.startedAt)
        finishedAt = game.finishedAt.map(PuzzleDates.iso8601)
        self.warnings = warnings?.map(\.description)
    }

    private enum CodingKeys: String, CodingKey {
        case id, width, height, grid, words, found, total, finished, startedAt, finishedAt, warnings
    }

    /// Like the synthesized encoding, but `finishedAt` is `null` while in progress.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(grid, forKey: .grid)
        try container.encode(words, forKey: .words)
        try container.encode(found, forKey: .found)
        try container.encode(total, forKey: .total)
        try container.encode(finished, forKey: .finished)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(finishedAt, forKey: .finishedAt)
        try container.encodeIfPresent(warnings, forKey: .warnings)
    }
}

/// One entry of `signet puzzle list --json`.
struct PuzzleSummaryJSON: Encodable {
    let id: String
    let width: Int
    let height: Int
    let found: Int
    let total: Int
    let finished: Bool
    let startedAt: String
    let finishedAt: String?

    init(_ summary: GameSummary) {
        id = summary.puzzleID
        width = summary.width
        height = summary.height
        found = summary.foundCount
        total = summary.wordCount
        finished = summary.isFinished
        startedAt = PuzzleDates.iso8601(summary.startedAt)
        finishedAt = summary.finishedAt.map(PuzzleDates.iso8601)
    }

    private enum CodingKeys: String, CodingKey {
        case id, width, height, found, total, finished, startedAt, finishedAt
    }

    /// Like the synthesized encoding, but `finishedAt` is `null` while in progress.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(found, forKey: .found)
        try container.encode(total, forKey: .total)
        try container.encode(finished, forKey: .finished)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(finishedAt, forKey: .finishedAt)
    }
}

/// `signet puzzle find --json`.
struct PuzzleFindJSON: Encodable {
    let id: String
    let word: String
    /// `found`, `alreadyFound` or `won`.
    let outcome: String
    let found: Int
    let total: Int

    init(id: String, word: String, outcome: FindOutcome, found: Int, total: Int) {
        self.id = id
        self.word = word
        self.outcome = switch outcome {
        case .found: "found"
        case .alreadyFound: "alreadyFound"
        case .won: "won"
        case .notInPuzzle: "notInPuzzle"
        }
        self.found = found
        self.total = total
    }
}

/// How the puzzle commands print times.
enum PuzzleDates {
    /// `2025-06-01T12:00:00Z`.
    static func iso8601(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    /// `2025-06-01 14:00`, local time.
    static func short(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
