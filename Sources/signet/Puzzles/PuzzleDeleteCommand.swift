import ArgumentParser
import SignetPuzzles

extension PuzzleCommand {
    /// `signet puzzle delete ID`
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a puzzle and its game.")
        @Argument(help: "The puzzle's id.") var id: String

        func run() async throws {
            try await explainingFailures {
                try await PuzzleStoreAccess.with { store in
                    guard try await store.delete(puzzleID: id) else {
                        throw CommandFailure("no puzzle with id \"\(id)\"")
                    }
                    Terminal(json: false).line("deleted puzzle \(id.terminalSafe)")
                }
            }
        }
    }
}
