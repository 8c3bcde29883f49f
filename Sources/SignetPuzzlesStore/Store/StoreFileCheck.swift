import Foundation
import GRDB
import SignetPuzzles

/// Decides, before the store writes a byte, whether an existing file is Signet's to change: missing or
/// empty (a new store), or an SQLite database that Signet made and whose migrations this version knows.
///
/// Signet marks its databases with `PRAGMA application_id` = ``applicationID``. A database without the
/// mark is accepted only when it is empty or laid out exactly as earlier Signet versions left it (their
/// tables and a `grdb_migrations` table of known migrations); it gets the mark when the store opens it.
/// Anything else is refused with `PuzzleStoreError.foreignDatabase`, naming what was found, before the
/// store switches the file to WAL or runs a migration.
enum StoreFileCheck {
    /// The first 16 bytes of every SQLite 3 database file.
    static let sqliteHeader = Array("SQLite format 3\u{0}".utf8)
    /// Signet's `PRAGMA application_id`: the ASCII bytes `SGNP` (Signet puzzles), 0x53474E50.
    static let applicationID: Int32 = 0x5347_4E50
    /// The tables earlier Signet versions made; an unmarked database holding others is not Signet's.
    static let signetTables: Set<String> = ["puzzle", "game", "foundWord", "grdb_migrations"]

    /// Throws when `path` holds something other than an empty file or a database of Signet's whose
    /// migrations `migrator` all knows. A missing file passes (it will be created). Reads only.
    /// Concurrent writers in other processes are waited for up to `busyTimeout` seconds.
    static func check(path: String, migrator: DatabaseMigrator, busyTimeout: TimeInterval) throws(PuzzleStoreError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        let header: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            header = try handle.read(upToCount: 100) ?? Data()
        } catch {
            throw .cannotOpen(path: path, reason: error.localizedDescription)
        }
        if header.isEmpty { return }
        guard header.count == 100, Array(header.prefix(sqliteHeader.count)) == sqliteHeader else {
            throw .notADatabase(path: path)
        }
        // The id is in the header (bytes 68–71, big-endian): another program's database is refused
        // without SQLite even opening it.
        let markedID = header[68..<72].reduce(Int32(0)) { $0 << 8 | Int32($1) }
        guard markedID == 0 || markedID == applicationID else {
            throw .foreignDatabase(path: path, found: describe(applicationID: markedID))
        }
        let inspected = try InspectedCopy(of: path, header: header, marked: markedID != 0)
        defer { inspected.remove() }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(busyTimeout)
            let queue = try DatabaseQueue(path: inspected.path, configuration: configuration)
            defer { try? queue.close() }
            try queue.read { db in try classify(db, path: path, migrator: migrator) }
        } catch {
            throw PuzzleStoreError(error, path: path)
        }
    }

    /// The file SQLite reads for the check. SQLite opens a WAL-mode database with `-wal` and `-shm` files
    /// beside it, even to read; an unmarked one whose WAL file is absent holds everything in the file
    /// itself, so a copy in a temporary folder is read instead and nothing appears beside a file that may
    /// be another program's. One larger than ``copyLimit`` is refused unread (Signet's stores are small).
    struct InspectedCopy {
        /// The largest unmarked WAL-mode database copied for inspection.
        static let copyLimit = 64 << 20
        let path: String
        private let folder: URL?

        init(of original: String, header: Data, marked: Bool) throws(PuzzleStoreError) {
            let walMode = header[header.startIndex + 18] == 2
            guard !marked, walMode, !FileManager.default.fileExists(atPath: original + "-wal") else {
                (path, folder) = (original, nil)
                return
            }
            let size = ((try? FileManager.default.attributesOfItem(atPath: original))?[.size] as? NSNumber)?.intValue ?? Int.max
            guard size <= Self.copyLimit else {
                throw .foreignDatabase(path: original, found: "an unmarked WAL-mode database of \(size) bytes, larger than a Signet store")
            }
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("signet-store-check-\(UUID().uuidString)", isDirectory: true)
            let copy = folder.appendingPathComponent("inspected.sqlite")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: URL(fileURLWithPath: original), to: copy)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw .cannotOpen(path: original, reason: "cannot copy it for inspection: \(error.localizedDescription)")
            }
            (path, self.folder) = (copy.path, folder)
        }

        /// Removes the copy, when one was made.
        func remove() {
            if let folder { try? FileManager.default.removeItem(at: folder) }
        }
    }

    /// Throws `foreignDatabase` or `newerSchema` unless `db` is empty or Signet's and of a schema
    /// `migrator` knows; reads only, so it runs before the store writes and again under its write lock.
    static func classify(_ db: Database, path: String, migrator: DatabaseMigrator) throws {
        let known = Set(migrator.migrations)
        let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if id == applicationID {
            let unknown = try migrator.appliedIdentifiers(db).filter { !known.contains($0) }.sorted()
            guard unknown.isEmpty else { throw PuzzleStoreError.newerSchema(path: path, unknownMigrations: unknown) }
            return
        }
        guard id == 0 else { throw PuzzleStoreError.foreignDatabase(path: path, found: describe(applicationID: id)) }
        // Unmarked: empty, or made by a Signet version from before the mark.
        let userVersion = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let objects = try Row.fetchAll(
            db, sql: "SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
        if objects.isEmpty, userVersion == 0 { return }
        var foreign: [String] = []
        var tables: Set<String> = []
        for object in objects {
            let type = (object["type"] as String?) ?? "", name = (object["name"] as String?) ?? ""
            let table = (object["tbl_name"] as String?) ?? ""
            let isSignets = switch type {
            case "table": signetTables.contains(name)
            case "index": signetTables.contains(table)
            default: false
            }
            if type == "table" { tables.insert(name) }
            if !isSignets { foreign.append("\(type) \"\(name)\"") }
        }
        if userVersion != 0 { foreign.append("user_version \(userVersion)") }
        if foreign.isEmpty, !tables.contains("grdb_migrations") {
            foreign.append("tables \(tables.sorted().map { "\"\($0)\"" }.joined(separator: ", ")) without grdb_migrations")
        }
        if foreign.isEmpty {
            let unknown = try migrator.appliedIdentifiers(db).filter { !known.contains($0) }.sorted()
            if !unknown.isEmpty { foreign.append("migrations \(unknown.map { "\"\($0)\"" }.joined(separator: ", "))") }
        }
        guard foreign.isEmpty else {
            throw PuzzleStoreError.foreignDatabase(path: path, found: foreign.joined(separator: ", "))
        }
    }

    /// Whether `db` carries Signet's mark.
    static func isMarked(_ db: Database) throws -> Bool {
        try Int32.fetchOne(db, sql: "PRAGMA application_id") == applicationID
    }

    /// Writes Signet's mark into `db` when it is not there yet.
    static func mark(_ db: Database) throws {
        guard try !isMarked(db) else { return }
        try db.execute(sql: "PRAGMA application_id = \(applicationID)")
    }

    private static func describe(applicationID id: Int32) -> String {
        "application_id 0x\(String(UInt32(bitPattern: id), radix: 16, uppercase: true))"
    }
}

extension PuzzleStoreError {
    /// `error` as a store error: store errors pass through, SQLite's "not a database" and
    /// "corrupt" become the matching cases, anything else a database error.
    init(_ error: any Error, path: String) {
        if let storeError = error as? PuzzleStoreError {
            self = storeError
        } else if let databaseError = error as? DatabaseError {
            let reason = databaseError.message ?? "\(databaseError.resultCode)"
            switch databaseError.resultCode.primaryResultCode {
            case .SQLITE_NOTADB: self = .notADatabase(path: path)
            case .SQLITE_CORRUPT: self = .corruptDatabase(path: path, reason: reason)
            case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY: self = .cannotOpen(path: path, reason: reason)
            default: self = .database(reason: reason)
            }
        } else {
            self = .database(reason: "\(error)")
        }
    }
}
