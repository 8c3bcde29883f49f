import Foundation
import SignetPuzzles
import SignetPuzzlesStore

/// A find as the player points at it: the cell of the word's first letter and the cell of its last.
/// The letters on the straight line between them are read from the grid (``GridDirection`` and
/// ``LetterGrid`` do the geometry) and compared with the puzzle's words, ignoring case; the word's name
/// alone finds nothing. Shared by `signet puzzle find --from --to`, `signet puzzle play` and the playground.
struct PointedFind: Sendable, Equatable {
    let from: GridPoint
    let to: GridPoint

    /// What pointing found.
    enum Outcome: Sendable, Equatable {
        /// The puzzle's word, spelled as the puzzle spells it.
        case word(String)
        /// Nothing: why, in words. Nothing is stored for a miss.
        case miss(Miss)
    }

    /// Why a find is a miss.
    enum Miss: Sendable, Equatable, CustomStringConvertible {
        /// A cell outside the grid.
        case outsideGrid(GridPoint, width: Int, height: Int)
        /// The two cells are not on one row, column or 45° diagonal.
        case notStraight(from: GridPoint, to: GridPoint)
        /// The letters read are none of the puzzle's words (or not the word named).
        case reads(String, from: GridPoint, to: GridPoint, expected: String?)
        /// The letters read are a word of the puzzle backwards: the last letter was marked first.
        case backwards(String, from: GridPoint, to: GridPoint)
        /// `find ID WORD`: the word named is not one of the puzzle's.
        case notAWord(String)

        var description: String {
            switch self {
            case let .outsideGrid(point, width, height):
                "miss: \(Self.cell(point)) is outside the \(width)×\(height) grid (x 0–\(width - 1), y 0–\(height - 1))"
            case let .notStraight(from, to):
                "miss: \(Self.cell(from)) and \(Self.cell(to)) are not on one row, column or diagonal"
            case let .reads(letters, from, to, expected):
                "miss: \(Self.cell(from)) to \(Self.cell(to)) reads \"\(letters)\", "
                    + (expected.map { "not \($0)" } ?? "which is not one of the words")
            case let .backwards(word, from, to):
                "miss: \(Self.cell(from)) to \(Self.cell(to)) reads \(word) backwards; mark its first letter first"
            case let .notAWord(word):
                "\"\(word)\" is not one of the words of this puzzle"
            }
        }

        /// `(x,y)`, as `--from` and `--to` take it.
        static func cell(_ point: GridPoint) -> String { "(\(point.x),\(point.y))" }
    }

    /// Checks this find in `puzzle`: with `word`, the line must spell that word; without, any word of the puzzle.
    func check(in puzzle: Puzzle, word named: String? = nil) -> Outcome {
        let grid = puzzle.grid
        for point in [from, to] where !grid.contains(point) {
            return .miss(.outsideGrid(point, width: grid.width, height: grid.height))
        }
        var expected: String?
        if let named {
            guard let spelled = puzzle.word(matching: named) else { return .miss(.notAWord(named)) }
            expected = spelled
        }
        guard let letters = Self.letters(in: grid, from: from, to: to) else {
            return .miss(.notStraight(from: from, to: to))
        }
        let candidates = expected.map { [$0] } ?? puzzle.distinctWords
        if let word = candidates.first(where: { CaseInsensitiveLetters.equal($0, letters) }) {
            return .word(word)
        }
        let reversed = String(letters.reversed())
        if let word = candidates.first(where: { CaseInsensitiveLetters.equal($0, reversed) }) {
            return .miss(.backwards(word, from: from, to: to))
        }
        return .miss(.reads(letters, from: from, to: to, expected: expected))
    }

    /// The letters from `from` to `to` inclusive, or nil when the cells are not on one line. Both cells lie in `grid`.
    static func letters(in grid: LetterGrid, from: GridPoint, to: GridPoint) -> String? {
        guard from != to else { return grid[from].map { String($0) } }
        guard let direction = GridDirection.between(from, to) else { return nil }
        let count = max(abs(to.x - from.x), abs(to.y - from.y)) + 1
        return grid.letters(from: from, direction: direction, count: count)
    }

    /// Every cell on the line from `from` to `to` (both in the grid and on one line), for highlighting.
    static func cells(from: GridPoint, to: GridPoint) -> [GridPoint] {
        guard from != to, let direction = GridDirection.between(from, to) else { return [from] }
        let count = max(abs(to.x - from.x), abs(to.y - from.y)) + 1
        return (0..<count).map { direction.advance(from, by: $0) }
    }

    /// Every cell covered by the found words of `game`, where the puzzle places them.
    static func foundCells(_ game: SavedGame) -> Set<GridPoint> {
        let found = Set(game.foundWords.map { $0.uppercased() })
        var cells: Set<GridPoint> = []
        for placed in game.puzzle.words where found.contains(placed.word.uppercased()) {
            cells.formUnion(Self.cells(from: placed.start, to: placed.end))
        }
        return cells
    }
}

extension GridPoint {
    /// Parses `X,Y` (two whole numbers from 0, as `--from`/`--to` and the playground's forms give them).
    init?(coordinates text: some StringProtocol) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let x = Int(parts[0].trimmingCharacters(in: .whitespaces)),
              let y = Int(parts[1].trimmingCharacters(in: .whitespaces)),
              x >= 0, y >= 0 else { return nil }
        self.init(x: x, y: y)
    }
}
