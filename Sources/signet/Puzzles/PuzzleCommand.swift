import ArgumentParser

/// `signet puzzle`: Play word-search puzzles kept in SQLite.
struct PuzzleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "puzzle", abstract: "Play word-search puzzles kept in SQLite.")

    func run() async throws {
        throw CleanExit.message("not yet available")
    }
}
