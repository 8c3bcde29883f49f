import Foundation
import GRDB
import SignetPuzzles
import SignetPuzzlesStore
import Testing

/// Which SQLite files the store may change: its own (marked with `PRAGMA application_id` 0x53474E50,
/// "SGNP", as docs/puzzles.md documents; the value is written out here, not taken from the library),
/// those made by Signet before the mark, and new ones. Any other database is refused before a byte of it
/// changes: no WAL switch, no migration, no `-wal` or `-shm` file beside it.
@Suite("Puzzle store refuses databases that are not Signet's")
struct StoreOwnershipTests {
    static let signetApplicationID = 0x5347_4E50

    /// The file's bytes and whether SQLite's side files exist next to it.
    static func snapshot(_ path: String) throws -> (bytes: Data, sideFiles: [String]) {
        let sideFiles = ["-wal", "-shm", "-journal"].filter { FileManager.default.fileExists(atPath: path + $0) }
        return (try Data(contentsOf: URL(fileURLWithPath: path)), sideFiles)
    }

    static func applicationID(of path: String) throws -> Int {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { try Int.fetchOne($0, sql: "PRAGMA application_id") } ?? -1
    }

    /// Foreign databases made with plain SQL (rollback journal, the SQLite default), and what the
    /// refusal must name.
    static let foreignDatabases: [(sql: String, found: String)] = [
        ("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('buy milk')",
         "table \"notes\""),
        // Another GRDB app: a migrations table of its own beside its tables.
        ("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('v1-notes');"
            + "CREATE TABLE notes (id INTEGER PRIMARY KEY)", "table \"notes\""),
        // Signet's table names, but migrations Signet never made and no mark.
        ("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('v1-other-app');"
            + "CREATE TABLE puzzle (id TEXT PRIMARY KEY)", "migrations \"v1-other-app\""),
        ("CREATE TABLE puzzle (id TEXT PRIMARY KEY); CREATE VIEW everything AS SELECT * FROM puzzle",
         "view \"everything\""),
        ("PRAGMA user_version = 7", "user_version 7"),
        ("PRAGMA application_id = 1179603781; CREATE TABLE t (x)", "application_id 0x464F5345"),
        // WAL mode: SQLite would create -wal and -shm beside it even to read it; the check reads a copy.
        ("PRAGMA journal_mode = WAL; CREATE TABLE notes (id INTEGER PRIMARY KEY)", "table \"notes\""),
    ]

    @Test("a foreign database is refused with what was found, and left byte-identical", arguments: 0..<7)
    func foreignDatabase(index: Int) throws {
        let (sql, found) = Self.foreignDatabases[index]
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("puzzles.sqlite")
        let maker = try DatabaseQueue(path: path)
        try maker.writeWithoutTransaction { try $0.execute(sql: sql) }
        try maker.close()
        let before = try Self.snapshot(path)
        #expect(before.sideFiles.isEmpty)

        #expect(throws: PuzzleStoreError.foreignDatabase(path: path, found: found)) {
            try PuzzleStore(path: path)
        }
        let after = try Self.snapshot(path)
        #expect(after.bytes == before.bytes, "the file changed")
        #expect(after.sideFiles.isEmpty, "SQLite files appeared beside it: \(after.sideFiles)")
        // Still in its journal mode (header bytes 18 and 19: 1 rollback, 2 WAL): not switched to WAL.
        #expect(Array(after.bytes[18...19]) == (sql.contains("WAL") ? [2, 2] : [1, 1]))
        let description = PuzzleStoreError.foreignDatabase(path: path, found: found).description
        #expect(description.contains(path) && description.contains(found))
    }

    @Test("a database made by Signet before the mark opens, keeps its games, and gets the mark")
    func legacyDatabase() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("puzzles.sqlite")
        let puzzle = try PuzzleStoreTests.puzzle(seed: 3)
        let store = try PuzzleStore(path: path)
        try await store.save(puzzle)
        _ = try await store.markFound(puzzleID: puzzle.id, word: puzzle.words[0].word)
        try store.close()
        // Earlier versions wrote the same schema (the migration never changed) but no mark.
        let old = try DatabaseQueue(path: path)
        try await old.writeWithoutTransaction { try $0.execute(sql: "PRAGMA application_id = 0") }
        try old.close()
        #expect(try Self.applicationID(of: path) == 0)

        let reopened = try PuzzleStore(path: path)
        let game = try await reopened.game(puzzleID: puzzle.id)
        #expect(game.puzzle == puzzle && game.foundWords == [puzzle.words[0].word])
        try reopened.close()
        #expect(try Self.applicationID(of: path) == Self.signetApplicationID)
    }

    @Test("a new file and an empty file become marked Signet databases", arguments: [false, true])
    func newDatabase(emptyFileFirst: Bool) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("puzzles.sqlite")
        if emptyFileFirst { try Data().write(to: URL(fileURLWithPath: path)) }
        let store = try PuzzleStore(path: path)
        #expect(try await store.games().isEmpty)
        try store.close()
        #expect(try Self.applicationID(of: path) == Self.signetApplicationID)
        // The mark lives in the file's header, bytes 68–71, big-endian: "SGNP" (once the WAL is checkpointed).
        let checkpoint = try DatabaseQueue(path: path)
        try await checkpoint.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try checkpoint.close()
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(100)
        #expect(Array(header[68..<72]) == Array("SGNP".utf8))
    }

    @Test("an SQLite database with no tables at all is empty, and becomes Signet's")
    func emptyDatabase() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("puzzles.sqlite")
        let maker = try DatabaseQueue(path: path)
        try await maker.writeWithoutTransaction { try $0.execute(sql: "CREATE TABLE t (x); DROP TABLE t") }
        try maker.close()
        let store = try PuzzleStore(path: path)
        try await store.save(try PuzzleStoreTests.puzzle(seed: 4))
        try store.close()
        #expect(try Self.applicationID(of: path) == Self.signetApplicationID)
    }
}
