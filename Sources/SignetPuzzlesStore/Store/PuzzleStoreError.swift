import SignetPuzzles
/// Why the puzzle store refused to open or to do something.
public enum PuzzleStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but is not an SQLite database; it was left untouched.
    case notADatabase(path: String)
    /// The file is an SQLite database that Signet did not make (another program's, or one holding more
    /// than Signet's tables); `found` names what gave it away. It was left untouched.
    case foreignDatabase(path: String, found: String)
    /// The database was written by a newer Signet (it records migrations this version does not
    /// know); it was left untouched.
    case newerSchema(path: String, unknownMigrations: [String])
    /// The database file is damaged.
    case corruptDatabase(path: String, reason: String)
    /// The file or its folder could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// No puzzle has this id.
    case puzzleNotFound(id: String)
    /// A puzzle with this id is already stored.
    case duplicatePuzzle(id: String)
    /// A stored puzzle no longer decodes or no longer checks.
    case corruptRecord(puzzleID: String, reason: String)
    /// Any other database failure.
    case database(reason: String)

    /// What went wrong, and with which file or puzzle.
    public var description: String {
        switch self {
        case let .notADatabase(path):
            "\(path): not an SQLite database; refusing to open or change it"
        case let .foreignDatabase(path, found):
            "\(path): not a Signet puzzle database (found \(found)); refusing to open or change it"
        case let .newerSchema(path, unknown):
            "\(path): written by a newer version (unknown migrations: \(unknown.joined(separator: ", "))); "
                + "refusing to open or change it"
        case let .corruptDatabase(path, reason):
            "\(path): the database is damaged: \(reason)"
        case let .cannotOpen(path, reason):
            "\(path): cannot open: \(reason)"
        case let .puzzleNotFound(id):
            "no puzzle with id \"\(id)\""
        case let .duplicatePuzzle(id):
            "a puzzle with id \"\(id)\" is already stored"
        case let .corruptRecord(puzzleID, reason):
            "stored puzzle \"\(puzzleID)\" is damaged: \(reason)"
        case let .database(reason):
            "database error: \(reason)"
        }
    }
}
