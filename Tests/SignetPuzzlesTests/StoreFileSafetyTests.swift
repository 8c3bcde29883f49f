import Foundation
import GRDB
import SignetPuzzles
import SignetPuzzlesStore
@testable import SignetServer
import Testing

@Suite("Puzzle store refuses files it must not change")
struct StoreFileSafetyTests {
    @Test("a file that is not a database is refused and left byte-identical")
    func notADatabase() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("puzzles.sqlite")
        let original = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try original.write(to: URL(fileURLWithPath: path))
        #expect(throws: PuzzleStoreError.notADatabase(path: path)) {
            try PuzzleStore(path: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)

        let text = Data("my shopping list\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        #expect(throws: PuzzleStoreError.notADatabase(path: path)) {
            try PuzzleStore(path: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
    }

    @Test("a database with a damaged body is refused and left byte-identical")
    func damagedDatabase() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("puzzles.sqlite")
        let store = try PuzzleStore(path: path)
        try store.close()
        // Keep the SQLite header, scribble over the rest of the first page and beyond.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for index in 100..<bytes.count {
            bytes[index] = 0xA5
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: PuzzleStoreError.self) {
            try PuzzleStore(path: path)
        }
        if case let .corruptDatabase(reportedPath, _)? = error {
            #expect(reportedPath == path)
        } else {
            Issue.record("expected corruptDatabase, got \(String(describing: error))")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test("a database from a newer schema is refused, not migrated, and left byte-identical", arguments: [false, true])
    func newerSchema(walMode: Bool) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("puzzles.sqlite")
        if walMode {
            // Made by this store (WAL), then "upgraded" by a future version.
            let store = try PuzzleStore(path: path)
            try await store.save(try PuzzleGenerator(seed: 1).generate(PuzzleStoreTests.settings))
            try store.close()
        }
        let future = try DatabaseQueue(path: path)
        try await future.write { db in
            // A future version marks its databases as this one does: application_id 0x53474E50 ("SGNP").
            try db.execute(sql: "PRAGMA application_id = 1397182032")
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            try db.execute(sql: "INSERT OR IGNORE INTO grdb_migrations VALUES ('v1-puzzles-games-found-words'), ('v9-from-the-future')")
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS futureThing (id INTEGER PRIMARY KEY)")
        }
        try future.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        #expect(throws: PuzzleStoreError.newerSchema(path: path, unknownMigrations: ["v9-from-the-future"])) {
            try PuzzleStore(path: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let description = PuzzleStoreError.newerSchema(path: path, unknownMigrations: ["v9-from-the-future"]).description
        #expect(description.contains("v9-from-the-future") && description.contains(path))
    }

    @Test("an empty file is a new database")
    func emptyFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("puzzles.sqlite")
        try Data().write(to: URL(fileURLWithPath: path))
        let store = try PuzzleStore(path: path)
        #expect(try await store.games().isEmpty)
        try store.close()
    }
}
