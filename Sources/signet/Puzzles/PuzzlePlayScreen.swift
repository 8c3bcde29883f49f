import SignetPuzzles
import SignetPuzzlesStore

/// What `signet puzzle play` shows and remembers between keys: the cursor, the first letter marked,
/// and the last thing said. Pure: keys in, a ``PointedFind`` out when the last letter is marked.
struct PuzzlePlayScreen {
    /// The cell under the cursor.
    private(set) var cursor = GridPoint(x: 0, y: 0)
    /// The first letter marked, waiting for the last.
    private(set) var mark: GridPoint?
    /// The status line: what the last key did.
    var message: Message = .help

    let width: Int
    let height: Int

    /// The status line's text and tone.
    enum Message: Equatable {
        case help
        case info(String)
        case found(String)
        case miss(String)
    }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Moves the cursor one cell, stopping at the edges.
    mutating func move(_ key: TerminalKey) {
        switch key {
        case .up: cursor.y = max(0, cursor.y - 1)
        case .down: cursor.y = min(height - 1, cursor.y + 1)
        case .left: cursor.x = max(0, cursor.x - 1)
        case .right: cursor.x = min(width - 1, cursor.x + 1)
        default: break
        }
    }

    /// Space: marks the cursor's cell as the first letter, or, with a first letter marked, returns the
    /// find from it to the cursor. Space on the marked cell again unmarks it.
    mutating func markCell() -> PointedFind? {
        guard let first = mark else {
            mark = cursor
            message = .info("first letter at \(PointedFind.Miss.cell(cursor)): move to the last letter and press Space")
            return nil
        }
        mark = nil
        guard first != cursor else {
            message = .info("unmarked")
            return nil
        }
        return PointedFind(from: first, to: cursor)
    }

    /// The screen's lines: a heading, the help, the grid with the words beside it, and the status line.
    /// Found letters are green (lowercase without colour), the marked first letter is `<x>`, the cursor `[x]`.
    func lines(for game: SavedGame, terminal: Terminal) -> [String] {
        let puzzle = game.puzzle
        let words = puzzle.distinctWords
        let found = Set(game.foundWords.map { $0.uppercased() })
        let foundCells = PointedFind.foundCells(game)
        var heading = "puzzle \(puzzle.id.terminalSafe) — \(game.foundWords.count) of \(words.count) words found"
        if game.isFinished { heading += " — solved!" }
        var lines = [terminal.styled(heading, .bold),
                     terminal.styled("arrows move · Space marks the first, then the last letter · q saves and quits", .dim), ""]
        let wordColumn = words.map { word in
            found.contains(word.uppercased()) ? "[x] " + terminal.styled(word.terminalSafe, .green) : "[ ] " + word.terminalSafe
        }
        for (y, row) in puzzle.grid.rows.enumerated() {
            var text = " "
            for (x, letter) in row.enumerated() {
                let point = GridPoint(x: x, y: y)
                text += cell(letter, found: foundCells.contains(point), marked: mark == point, cursor: cursor == point,
                             terminal: terminal)
            }
            if y < wordColumn.count { text += "    " + wordColumn[y] }
            lines.append(text)
        }
        for extra in wordColumn.dropFirst(puzzle.grid.height) {
            lines.append(String(repeating: " ", count: 1 + 3 * puzzle.grid.width + 4) + extra)
        }
        lines.append("")
        lines.append(status(terminal: terminal))
        return lines
    }

    private func cell(_ letter: Character, found: Bool, marked: Bool, cursor: Bool, terminal: Terminal) -> String {
        var shown = String(letter).terminalSafe
        if found && !terminal.rich { shown = shown.lowercased() }
        if found { shown = terminal.styled(shown, .green, .bold) }
        if marked { shown = terminal.styled(shown, .yellow, .bold) }
        if cursor { return "[" + terminal.styled(shown, .reverse) + "]" }
        if marked { return "<" + shown + ">" }
        return " " + shown + " "
    }

    private func status(terminal: Terminal) -> String {
        let position = "cursor \(PointedFind.Miss.cell(cursor))"
        switch message {
        case .help: return position + " — find a word: Space on its first letter, then on its last"
        case .info(let text): return position + " — " + text
        case .found(let text): return position + " — " + terminal.styled(text, .green, .bold)
        case .miss(let text): return position + " — " + terminal.styled(text, .red, .bold)
        }
    }
}
