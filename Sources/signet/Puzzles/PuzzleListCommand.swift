import ArgumentParser
import Foundation
import SignetPuzzles
import SignetPuzzlesStore

extension PuzzleCommand {
    /// `signet puzzle list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the games in progress and the finished ones.")
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            try await explainingFailures {
                try await PuzzleStoreAccess.with { store in
                    let games = try await store.games(.all)
                    if json { return try Terminal.printJSON(games.map(PuzzleSummaryJSON.init)) }
                    let terminal = Terminal(json: false)
                    if games.isEmpty {
                        return terminal.line("no games yet (\(store.path.terminalSafe)); start one with: signet puzzle new")
                    }
                    let inProgress = games.filter { !$0.isFinished }
                    let finished = games.filter(\.isFinished)
                    let width = games.map(\.puzzleID.terminalSafe.count).max() ?? 0
                    for (title, section) in [("In progress", inProgress), ("Finished", finished)] where !section.isEmpty {
                        terminal.line(terminal.styled("\(title) (\(section.count))", .bold))
                        for game in section {
                            terminal.line("  " + row(game, idWidth: width, terminal: terminal))
                        }
                    }
                }
            }
        }

        private func row(_ game: GameSummary, idWidth: Int, terminal: Terminal) -> String {
            let id = game.puzzleID.terminalSafe.padding(toLength: idWidth, withPad: " ", startingAt: 0)
            let size = "\(game.width)×\(game.height)".padding(toLength: 7, withPad: " ", startingAt: 0)
            let found = "\(game.foundCount)/\(game.wordCount) found".padding(toLength: 14, withPad: " ", startingAt: 0)
            var text = terminal.styled(id, .cyan) + "  " + size + "  " + found + "  started " + PuzzleDates.short(game.startedAt)
            if let finishedAt = game.finishedAt {
                text += ", finished " + PuzzleDates.short(finishedAt)
            }
            return text
        }
    }
}
