/// A rectangular grid of letters, stored row-major: `rows[y][x]`.
///
/// Every cell holds exactly one `Character` for which `isLetter` is true. Letters keep the
/// case they arrived in; comparisons with words are case-insensitive (see `CaseInsensitiveLetters`).
public struct LetterGrid: Sendable, Hashable {
    /// The rows from top to bottom, each `width` letters long.
    public let rows: [[Character]]

    /// Creates a grid from rows of letters, checking that it is non-empty, rectangular and
    /// holds only letters. Problems are reported with the path `$.puzzle[y][x]`.
    public init(rows: [[Character]]) throws(PuzzleDecodingError) {
        try GridShape.check(rows.map { $0.map(String.init) }, path: "$.puzzle")
        self.rows = rows
    }

    /// Creates a grid from rows of one-letter strings (the wire form), with the same checks
    /// as `init(rows:)`.
    public init(cells: [[String]]) throws(PuzzleDecodingError) {
        try GridShape.check(cells, path: "$.puzzle")
        self.rows = cells.map { $0.compactMap(\.first) }
    }

    /// Creates a grid from rows that are already known to be valid.
    package init(validatedRows rows: [[Character]]) {
        self.rows = rows
    }

    /// The number of columns.
    public var width: Int { rows.first?.count ?? 0 }

    /// The number of rows.
    public var height: Int { rows.count }

    /// Whether `point` lies inside the grid.
    public func contains(_ point: GridPoint) -> Bool {
        point.x >= 0 && point.y >= 0 && point.y < rows.count && point.x < width
    }

    /// The letter at `point`, or nil when it lies outside the grid.
    public subscript(point: GridPoint) -> Character? {
        contains(point) ? rows[point.y][point.x] : nil
    }

    /// The letters on the straight line from `start` in `direction`, `count` cells long,
    /// stopping early at the edge of the grid.
    public func letters(from start: GridPoint, direction: GridDirection, count: Int) -> String {
        var found = ""
        for step in 0..<max(count, 0) {
            guard let letter = self[direction.advance(start, by: step)] else { break }
            found.append(letter)
        }
        return found
    }

    /// The grid with rows and columns swapped: `transposed().rows[x][y] == rows[y][x]`.
    public func transposed() -> LetterGrid {
        LetterGrid(validatedRows: (0..<width).map { x in rows.map { $0[x] } })
    }

    /// The rows as arrays of one-letter strings, the wire form of `"puzzle"`.
    public var stringRows: [[String]] { rows.map { $0.map(String.init) } }
}
