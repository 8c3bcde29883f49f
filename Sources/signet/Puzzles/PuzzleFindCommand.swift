import ArgumentParser
import SignetPuzzles

extension PuzzleCommand {
    /// `signet puzzle find ID WORD`
    struct Find: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Mark a word of the puzzle as found; says so when that wins the game.",
            discussion: "A word that is not one of the puzzle's words fails with status 1.")
        @Argument(help: "The puzzle's id.") var id: String
        @Argument(help: "The word found (case does not matter).") var word: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            try await explainingFailures {
                try await PuzzleStoreAccess.with { store in
                    let outcome = try await store.markFound(puzzleID: id, word: word)
                    guard outcome != .notInPuzzle else {
                        throw CommandFailure("\"\(word)\" is not one of the words of puzzle \(id)")
                    }
                    let game = try await store.game(puzzleID: id)
                    let spelled = game.puzzle.word(matching: word) ?? word
                    let shown = spelled.terminalSafe
                    let total = game.puzzle.distinctWords.count
                    if json {
                        return try Terminal.printJSON(PuzzleFindJSON(
                            id: id, word: spelled, outcome: outcome, found: game.foundWords.count, total: total))
                    }
                    let terminal = Terminal(json: false)
                    let progress = "\(game.foundWords.count) of \(total)"
                    switch outcome {
                    case .found:
                        terminal.line("found " + terminal.styled(shown, .green, .bold) + " (\(progress))")
                    case .alreadyFound:
                        terminal.line("\(shown) was already found (\(progress))")
                    case .won:
                        terminal.line("found " + terminal.styled(shown, .green, .bold) + " (\(progress))")
                        terminal.line(terminal.styled("puzzle \(id.terminalSafe) solved: every word found. You win!", .bold, .yellow))
                    case .notInPuzzle:
                        break
                    }
                }
            }
        }
    }
}
