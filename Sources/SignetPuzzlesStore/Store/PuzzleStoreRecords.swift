import Foundation
import GRDB
import SignetPuzzles

/// A row of `puzzle`. GRDB stores the `Codable` columns `settings`, `grid` and `words` as JSON.
struct PuzzleRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "puzzle"
    var id: String
    var settings: PuzzleSettings?
    var width: Int
    var height: Int
    var grid: [[String]]
    var words: [PlacedWord]
    var wordCount: Int
    var createdAt: Date
}

/// A row of `game`.
struct GameRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "game"
    var puzzleId: String
    var startedAt: Date
    var finishedAt: Date?
}

/// A row of `foundWord`.
struct FoundWordRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "foundWord"
    var puzzleId: String
    var word: String
    var foundAt: Date
}

/// A row of the game list query.
struct GameSummaryRow: Decodable, FetchableRecord {
    var puzzleId: String
    var width: Int
    var height: Int
    var wordCount: Int
    var foundCount: Int
    var startedAt: Date
    var finishedAt: Date?

    var summary: GameSummary {
        GameSummary(
            puzzleID: puzzleId, width: width, height: height, wordCount: wordCount,
            foundCount: foundCount, startedAt: startedAt, finishedAt: finishedAt)
    }
}
