import ArgumentParser
import SignetPuzzles

extension PuzzleCommand {
    /// `signet puzzle find ID WORD --from X,Y --to X,Y`
    struct Find: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find a word by pointing at it: the cells of its first and last letters.",
            discussion: """
                X is the column and Y the row, both counted from 0 at the top left (`puzzle show --json` \
                uses the same numbers). The letters from --from to --to must spell WORD in the grid; a wrong \
                place is a miss, reported with what the line reads, and nothing is stored (status 1). \
                On a terminal, `signet puzzle play ID` lets you point with the arrow keys instead.
                """)
        @Argument(help: "The puzzle's id.") var id: String
        @Argument(help: "The word found (case does not matter).") var word: String
        @Option(help: "The cell of the word's first letter, X,Y.") var from: GridPoint
        @Option(help: "The cell of the word's last letter, X,Y.") var to: GridPoint
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            try await explainingFailures {
                try await PuzzleStoreAccess.with { store in
                    let before = try await store.game(puzzleID: id)
                    let spelled: String
                    switch PointedFind(from: from, to: to).check(in: before.puzzle, word: word) {
                    case .word(let found): spelled = found
                    case .miss(let miss): throw CommandFailure(miss.description + "; nothing was stored")
                    }
                    let outcome = try await store.markFound(puzzleID: id, word: spelled)
                    let game = try await store.game(puzzleID: id)
                    let total = game.puzzle.distinctWords.count
                    if json {
                        return try Terminal.printJSON(PuzzleFindJSON(
                            id: id, word: spelled, outcome: outcome, found: game.foundWords.count, total: total))
                    }
                    let terminal = Terminal(json: false)
                    let shown = spelled.terminalSafe
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
                        throw CommandFailure("\"\(word)\" is not one of the words of puzzle \(id)")
                    }
                }
            }
        }
    }
}

extension GridPoint: ExpressibleByArgument {
    /// `X,Y`: two whole numbers from 0.
    public init?(argument: String) {
        self.init(coordinates: argument)
    }

    /// `X,Y`, as the option is typed.
    public var defaultValueDescription: String { "\(x),\(y)" }
}
