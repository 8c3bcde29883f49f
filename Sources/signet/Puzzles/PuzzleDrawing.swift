import SignetPuzzles
import SignetPuzzlesStore

/// Draws a game for the terminal: a heading, the grid with the letters of found words
/// highlighted (colour only when the terminal is rich), and the word list with `[x]` for found. The id,
/// letters and words came from a server, so they are escaped (``TerminalText``).
enum PuzzleDrawing {
    static func lines(for game: SavedGame, terminal: Terminal) -> [String] {
        let puzzle = game.puzzle
        let words = puzzle.distinctWords
        let found = Set(game.foundWords.map { $0.uppercased() })
        var heading = "puzzle \(puzzle.id.terminalSafe): \(puzzle.grid.width)×\(puzzle.grid.height), "
            + "\(game.foundWords.count) of \(words.count) words found"
        if game.isFinished { heading += " (solved)" }
        var lines = [terminal.styled(heading, .bold), ""]
        let highlighted = foundCells(puzzle, found: found)
        for (y, row) in puzzle.grid.rows.enumerated() {
            let cells = row.enumerated().map { x, letter in
                highlighted.contains(GridPoint(x: x, y: y))
                    ? terminal.styled(String(letter).terminalSafe, .green, .bold) : String(letter).terminalSafe
            }
            lines.append("  " + cells.joined(separator: " "))
        }
        lines.append("")
        lines.append("words:")
        for word in words {
            lines.append(found.contains(word.uppercased())
                ? "  [x] " + terminal.styled(word.terminalSafe, .green) : "  [ ] " + word.terminalSafe)
        }
        return lines
    }

    /// Every cell covered by a found word.
    private static func foundCells(_ puzzle: Puzzle, found: Set<String>) -> Set<GridPoint> {
        var cells: Set<GridPoint> = []
        for placed in puzzle.words where found.contains(placed.word.uppercased()) {
            let direction = placed.direction ?? .right
            for step in 0..<placed.word.count {
                cells.insert(direction.advance(placed.start, by: step))
            }
        }
        return cells
    }
}
