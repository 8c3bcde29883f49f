import Foundation
import GRDB

/// Looks at an existing database file before the store opens it for writing, so a file that
/// is not ours to change is refused without a single byte written to it.
enum StoreFileCheck {
    /// The first 16 bytes of every SQLite 3 database file.
    static let sqliteHeader = Array("SQLite format 3\u{0}".utf8)

    /// Throws when `path` holds something other than an empty file or an SQLite database
    /// whose migrations `migrator` all knows. A missing file passes (it will be created).
    static func check(path: String, migrator: DatabaseMigrator) throws(PuzzleStoreError) {
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
        let unknown: [String]
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            unknown = try queue.read { db in
                let known = Set(migrator.migrations)
                return try migrator.appliedIdentifiers(db).filter { !known.contains($0) }.sorted()
            }
        } catch {
            throw PuzzleStoreError(error, path: path)
        }
        guard unknown.isEmpty else {
            throw .newerSchema(path: path, unknownMigrations: unknown)
        }
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
