import ArgumentParser
import SignetPuzzles

extension PuzzleCommand {
    /// `signet puzzle show ID`
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a puzzle's grid and its words; found words are highlighted on a terminal.")
        @Argument(help: "The puzzle's id (see `signet puzzle list`).") var id: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            try await explainingFailures {
                try await PuzzleStoreAccess.with { store in
                    let game = try await store.game(puzzleID: id)
                    if json { return try Terminal.printJSON(PuzzleGameJSON(game)) }
                    let terminal = Terminal(json: false)
                    PuzzleDrawing.lines(for: game, terminal: terminal).forEach { terminal.line($0) }
                }
            }
        }
    }
}
