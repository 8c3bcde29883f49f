import GRDB
import SignetPuzzles

/// The store's tables, as versioned migrations. A migration, once shipped, never changes;
/// a later schema is a new migration appended here.
///
/// - `puzzle`: `id` (primary key), `settings` (the request body as JSON, or NULL), `width`,
///   `height`, `grid` (JSON `[[letter]]`, row-major), `words` (JSON `[{"word","x1","y1","x2","y2"}]`),
///   `wordCount` (distinct words), `createdAt`.
/// - `game`: `puzzleId` (primary key, references `puzzle`, deleted with it), `startedAt`,
///   `finishedAt` (NULL while in progress).
/// - `foundWord`: `puzzleId` (references `game`, deleted with it), `word`, `foundAt`; one row per
///   found word, primary key (`puzzleId`, `word`), so two writers can never store a word twice
///   and never overwrite each other's finds.
enum PuzzleStoreSchema {
    /// The identifier of the first migration.
    static let version1 = "v1-puzzles-games-found-words"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(version1) { db in
            try db.create(table: "puzzle") { table in
                table.primaryKey("id", .text)
                table.column("settings", .text)
                table.column("width", .integer).notNull()
                table.column("height", .integer).notNull()
                table.column("grid", .text).notNull()
                table.column("words", .text).notNull()
                table.column("wordCount", .integer).notNull()
                table.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "game") { table in
                table.primaryKey("puzzleId", .text).references("puzzle", onDelete: .cascade)
                table.column("startedAt", .datetime).notNull().indexed()
                table.column("finishedAt", .datetime)
            }
            try db.create(table: "foundWord") { table in
                table.column("puzzleId", .text).notNull().references("game", onDelete: .cascade)
                table.column("word", .text).notNull()
                table.column("foundAt", .datetime).notNull()
                table.primaryKey(["puzzleId", "word"])
            }
        }
        return migrator
    }
}
