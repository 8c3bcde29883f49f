/// Checks one placed word against a grid.
///
/// A word fits when both ends lie in the grid, the ends lie on one row, column or 45°
/// diagonal (either direction), the line holds exactly as many cells as the word has
/// letters, and each cell matches its letter ignoring case. A one-letter word must start and
/// end on the same cell.
enum WordCheck {
    /// The first problem with `word` in `grid`, or nil when it fits. `path` is the JSON path
    /// of the word entry; `coordinatePath` that of the object holding `x1`…`y2` (the entry
    /// itself, or its `location`).
    static func problem(
        _ word: PlacedWord, in grid: LetterGrid, path: String, coordinatePath: String? = nil
    ) -> PuzzleDecodingError? {
        let coordinates = coordinatePath ?? path
        guard !word.word.isEmpty else { return .emptyWord(path: "\(path).word") }
        let checks: [(String, Int, Int)] = [
            ("x1", word.start.x, grid.width), ("y1", word.start.y, grid.height),
            ("x2", word.end.x, grid.width), ("y2", word.end.y, grid.height),
        ]
        for (key, value, size) in checks where value < 0 || value >= size {
            return .coordinateOutOfRange(path: "\(coordinates).\(key)", value: value, allowed: 0...(size - 1))
        }
        let length = word.word.count
        let lineLength: Int
        let direction: GridDirection
        if word.start == word.end {
            lineLength = 1
            direction = .right
        } else if let straight = word.direction {
            lineLength = max(abs(word.end.x - word.start.x), abs(word.end.y - word.start.y)) + 1
            direction = straight
        } else {
            return .notStraightLine(path: path, word: word.word, start: word.start, end: word.end)
        }
        guard lineLength == length else {
            return .lengthMismatch(path: path, word: word.word, wordLength: length, lineLength: lineLength)
        }
        let found = grid.letters(from: word.start, direction: direction, count: length)
        guard CaseInsensitiveLetters.equal(found, word.word) else {
            return .wordNotInGrid(path: path, word: word.word, found: found, start: word.start, end: word.end)
        }
        return nil
    }
}
