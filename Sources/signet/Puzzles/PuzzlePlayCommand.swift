import ArgumentParser
import SignetPuzzles
import SignetPuzzlesStore

extension PuzzleCommand {
    /// `signet puzzle play ID`: the word search as a full-screen game on the terminal.
    struct Play: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play a puzzle on the terminal: point at words with the arrow keys and Space.",
            discussion: """
                Arrow keys (or h j k l) move the cursor; Space marks a word's first letter, then its last. \
                A find is checked against the grid and saved at once; found words stay highlighted; q saves \
                and quits. Needs a terminal: piped, use `signet puzzle find ID WORD --from X,Y --to X,Y`.
                """)
        @Argument(help: "The puzzle's id (see `signet puzzle list`).") var id: String

        func run() async throws {
            try await explainingFailures {
                guard RawTerminalInput.isAvailable else {
                    throw CommandFailure("`signet puzzle play` needs a terminal on stdin and stdout; "
                                         + "without one, point at a word with: signet puzzle find \(id) WORD --from X,Y --to X,Y")
                }
                try await PuzzleStoreAccess.with { store in
                    let game = try await store.game(puzzleID: id)
                    let terminal = Terminal(json: false)
                    let raw = try RawTerminalInput.enter()
                    terminal.enterFullScreen()
                    let result: Result<SavedGame, any Error>
                    do {
                        result = .success(try await play(game, store: store, terminal: terminal))
                    } catch {
                        result = .failure(error)
                    }
                    terminal.leaveFullScreen()
                    raw.restore()
                    let last = try result.get()
                    let total = last.puzzle.distinctWords.count
                    terminal.line("saved: puzzle \(id.terminalSafe), \(last.foundWords.count) of \(total) words found"
                                  + (last.isFinished ? " — solved" : ""))
                }
            }
        }

        /// The key loop: draws, reads keys, checks and saves finds, until `q` or the end of input.
        private func play(_ start: SavedGame, store: PuzzleStore, terminal: Terminal) async throws -> SavedGame {
            var game = start
            var screen = PuzzlePlayScreen(width: game.puzzle.grid.width, height: game.puzzle.grid.height)
            terminal.drawScreen(screen.lines(for: game, terminal: terminal))
            for await chunk in RawTerminalInput.bytes() {
                for key in TerminalKey.decode(chunk) {
                    switch key {
                    case .quit:
                        return game
                    case .up, .down, .left, .right:
                        screen.move(key)
                    case .space, .enter:
                        guard let find = screen.markCell() else { break }
                        switch find.check(in: game.puzzle) {
                        case .miss(let miss):
                            screen.message = .miss(miss.description + " — nothing stored")
                        case .word(let word):
                            let outcome = try await store.markFound(puzzleID: id, word: word)
                            game = try await store.game(puzzleID: id)
                            screen.message = switch outcome {
                            case .alreadyFound: .info("\(word.terminalSafe) was already found")
                            case .won: .found("found \(word.terminalSafe): every word found, you win! (q quits)")
                            case .found, .notInPuzzle: .found("found \(word.terminalSafe)")
                            }
                        }
                    }
                }
                terminal.drawScreen(screen.lines(for: game, terminal: terminal))
            }
            return game
        }
    }
}
