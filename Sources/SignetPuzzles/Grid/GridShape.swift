/// The shape checks shared by every way a grid arrives: non-empty, rectangular, within a size
/// limit, one letter per cell.
enum GridShape {
    /// Checks `cells` (outer array first) and throws the first problem, naming its JSON path
    /// under `path`.
    static func check(_ cells: [[String]], path: String, maxSide: Int = .max) throws(PuzzleDecodingError) {
        guard let first = cells.first, !first.isEmpty else {
            throw .emptyGrid(path: path)
        }
        guard cells.count <= maxSide, first.count <= maxSide else {
            throw .gridTooLarge(path: path, outer: cells.count, inner: first.count, limit: maxSide)
        }
        for (outer, line) in cells.enumerated() {
            guard line.count == first.count else {
                throw .nonRectangularGrid(path: "\(path)[\(outer)]", expected: first.count, found: line.count)
            }
            for (inner, cell) in line.enumerated() where !isLetter(cell) {
                throw .notALetter(path: "\(path)[\(outer)][\(inner)]", value: cell)
            }
        }
    }

    /// Whether `cell` is exactly one character and that character is a letter.
    static func isLetter(_ cell: String) -> Bool {
        guard let letter = cell.first, cell.count == 1 else { return false }
        return letter.isLetter
    }
}
