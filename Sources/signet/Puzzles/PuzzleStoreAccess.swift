import Foundation
import SignetPuzzles
import SignetPuzzlesStore

/// Opens the games database the puzzle commands share.
enum PuzzleStoreAccess {
    /// The store at `PuzzleStoreLocation.defaultDatabaseURL()`, created when missing.
    static func open() throws -> PuzzleStore {
        try PuzzleStore(environment: ProcessInfo.processInfo.environment)
    }

    /// Runs `body` with the open store and closes it afterwards.
    static func with<T>(_ body: (PuzzleStore) async throws -> T) async throws -> T {
        let store = try open()
        do {
            let result = try await body(store)
            try? store.close()
            return result
        } catch {
            try? store.close()
            throw error
        }
    }
}
