import Foundation
import GRDB
import SignetPuzzles

/// Puzzles and the games played on them, kept in an SQLite file (GRDB `DatabasePool`, WAL
/// mode) so they survive across runs and can be shared by several processes.
///
/// Opening never changes a file it should not: a file that is not an SQLite database, another
/// program's database, or a database written by a newer version (migrations this version does not
/// know) is refused with `PuzzleStoreError.notADatabase` / `.foreignDatabase` / `.newerSchema`
/// before anything is written (see `StoreFileCheck`). Signet's databases carry
/// `PRAGMA application_id` 0x53474E50 (`SGNP`); one made before the mark gets it on opening.
/// Every change is one `IMMEDIATE` write transaction, and concurrent writers wait for each
/// other for up to `busyTimeout` seconds.
public final class PuzzleStore: Sendable {
    /// The database file.
    public let path: String
    private let pool: DatabasePool

    /// Opens the database at `path`, creating it and its folder when missing, and migrates it
    /// to the current schema.
    public init(path: String, busyTimeout: TimeInterval = 10) throws(PuzzleStoreError) {
        self.path = path
        let migrator = PuzzleStoreSchema.migrator
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: path, reason: error.localizedDescription)
        }
        try StoreFileCheck.check(path: path, migrator: migrator, busyTimeout: busyTimeout)
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "SignetPuzzles.PuzzleStore"
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw PuzzleStoreError(error, path: path)
        }
        do {
            // Checked again under the write lock: the file may have changed since the look above.
            let marked = try pool.barrierWriteWithoutTransaction { db in
                try StoreFileCheck.classify(db, path: path, migrator: migrator)
                return try StoreFileCheck.isMarked(db)
            }
            try Self.migrate(pool, with: migrator)
            if !marked { try pool.write { db in try StoreFileCheck.mark(db) } }
        } catch {
            try? pool.close()
            throw PuzzleStoreError(error, path: path)
        }
    }

    /// Opens the database at `PuzzleStoreLocation.defaultDatabaseURL(environment:)`.
    public convenience init(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(PuzzleStoreError) {
        try self.init(path: PuzzleStoreLocation.defaultDatabaseURL(environment: environment).path)
    }

    /// Closes the database; later calls fail.
    public func close() throws(PuzzleStoreError) {
        do {
            try pool.close()
        } catch {
            throw PuzzleStoreError(error, path: path)
        }
    }

    /// Stores `puzzle` and starts its game at `date`.
    @discardableResult
    public func save(
        _ puzzle: Puzzle, settings: PuzzleSettings? = nil, at date: Date = Date()
    ) async throws(PuzzleStoreError) -> GameSummary {
        let record = PuzzleRecord(
            id: puzzle.id, settings: settings, width: puzzle.grid.width, height: puzzle.grid.height,
            grid: puzzle.grid.stringRows, words: puzzle.words, wordCount: puzzle.distinctWords.count,
            createdAt: date)
        try await write { db in
            guard try !PuzzleRecord.exists(db, key: puzzle.id) else {
                throw PuzzleStoreError.duplicatePuzzle(id: puzzle.id)
            }
            try record.insert(db)
            try GameRecord(puzzleId: puzzle.id, startedAt: date, finishedAt: nil).insert(db)
        }
        return GameSummary(
            puzzleID: puzzle.id, width: record.width, height: record.height, wordCount: record.wordCount,
            foundCount: 0, startedAt: date, finishedAt: nil)
    }

    /// The games matching `filter`, most recently started first, with their counts.
    public func games(_ filter: GameFilter = .all) async throws(PuzzleStoreError) -> [GameSummary] {
        let condition = switch filter {
        case .all: ""
        case .inProgress: "WHERE g.finishedAt IS NULL"
        case .finished: "WHERE g.finishedAt IS NOT NULL"
        }
        let sql = """
            SELECT g.puzzleId, p.width, p.height, p.wordCount, g.startedAt, g.finishedAt,
                   (SELECT COUNT(*) FROM foundWord f WHERE f.puzzleId = g.puzzleId) AS foundCount
            FROM game g JOIN puzzle p ON p.id = g.puzzleId
            \(condition)
            ORDER BY g.startedAt DESC, g.puzzleId
            """
        return try await read { db in
            try GameSummaryRow.fetchAll(db, sql: sql).map(\.summary)
        }
    }

    /// The puzzle with `puzzleID` and its game.
    public func game(puzzleID: String) async throws(PuzzleStoreError) -> SavedGame {
        let (record, game, found) = try await read { db in
            guard let record = try PuzzleRecord.fetchOne(db, key: puzzleID),
                  let game = try GameRecord.fetchOne(db, key: puzzleID) else {
                throw PuzzleStoreError.puzzleNotFound(id: puzzleID)
            }
            let found = try FoundWordRecord
                .filter(Column("puzzleId") == puzzleID)
                .order(Column("foundAt"), Column("rowid"))
                .fetchAll(db)
            return (record, game, found.map(\.word))
        }
        return SavedGame(
            puzzle: try Self.puzzle(from: record), settings: record.settings, createdAt: record.createdAt,
            startedAt: game.startedAt, finishedAt: game.finishedAt, foundWords: found)
    }

    /// Marks `word` (compared ignoring case) as found in the game of `puzzleID`, at `date`.
    /// Reading the state and writing the find happen in one write transaction, so concurrent
    /// finders, in this process or others, never lose a word; the one that finds the last
    /// word gets `.won` and sets the game's `finishedAt`.
    public func markFound(
        puzzleID: String, word: String, at date: Date = Date()
    ) async throws(PuzzleStoreError) -> FindOutcome {
        try await write { db in
            guard let record = try PuzzleRecord.fetchOne(db, key: puzzleID),
                  var game = try GameRecord.fetchOne(db, key: puzzleID) else {
                throw PuzzleStoreError.puzzleNotFound(id: puzzleID)
            }
            guard let spelled = record.words.first(where: { CaseInsensitiveLetters.equal($0.word, word) })?.word else {
                return .notInPuzzle
            }
            let found = try FoundWordRecord.filter(Column("puzzleId") == puzzleID).fetchAll(db)
            if found.contains(where: { CaseInsensitiveLetters.equal($0.word, spelled) }) {
                return .alreadyFound
            }
            try FoundWordRecord(puzzleId: puzzleID, word: spelled, foundAt: date).insert(db)
            guard found.count + 1 >= record.wordCount else { return .found }
            if game.finishedAt == nil {
                game.finishedAt = date
                try game.update(db)
            }
            return .won
        }
    }

    /// Deletes the puzzle with `puzzleID` and its game; false when there was none.
    @discardableResult
    public func delete(puzzleID: String) async throws(PuzzleStoreError) -> Bool {
        try await write { db in
            try PuzzleRecord.deleteOne(db, key: puzzleID)
        }
    }

    private static func migrate(_ pool: DatabasePool, with migrator: DatabaseMigrator) throws {
        do {
            try migrator.migrate(pool)
        } catch {
            // Another process may have run the same migration between our look and our write.
            guard try pool.read({ try migrator.hasCompletedMigrations($0) }) else { throw error }
        }
    }

    private static func puzzle(from record: PuzzleRecord) throws(PuzzleStoreError) -> Puzzle {
        do {
            let grid = try LetterGrid(cells: record.grid)
            return try Puzzle(id: record.id, grid: grid, words: record.words)
        } catch {
            throw .corruptRecord(puzzleID: record.id, reason: error.description)
        }
    }

    private func write<T: Sendable>(
        _ updates: @escaping @Sendable (Database) throws -> T
    ) async throws(PuzzleStoreError) -> T {
        do {
            return try await pool.write(updates)
        } catch {
            throw PuzzleStoreError(error, path: path)
        }
    }

    private func read<T: Sendable>(
        _ value: @escaping @Sendable (Database) throws -> T
    ) async throws(PuzzleStoreError) -> T {
        do {
            return try await pool.read(value)
        } catch {
            throw PuzzleStoreError(error, path: path)
        }
    }
}
