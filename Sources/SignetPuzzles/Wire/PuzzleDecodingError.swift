/// Why a `/puzzle` or `/capabilities` response, or a puzzle built from parts, was refused.
/// Every case names the JSON path of the fault (`$` is the document root).
public enum PuzzleDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The response body is larger than the decoder accepts.
    case tooLarge(bytes: Int, limit: Int)
    /// The body is not JSON, or not JSON of the expected shape (a missing key, a wrong type).
    case malformed(path: String, reason: String)
    /// The grid has no rows or no columns.
    case emptyGrid(path: String)
    /// The grid is larger than the decoder accepts.
    case gridTooLarge(path: String, outer: Int, inner: Int, limit: Int)
    /// A line of the grid has a different length from the first.
    case nonRectangularGrid(path: String, expected: Int, found: Int)
    /// A grid cell is not exactly one letter.
    case notALetter(path: String, value: String)
    /// More words than the decoder accepts.
    case tooManyWords(count: Int, limit: Int)
    /// A word is the empty string.
    case emptyWord(path: String)
    /// A coordinate lies outside the grid.
    case coordinateOutOfRange(path: String, value: Int, allowed: ClosedRange<Int>)
    /// The two ends of a word are not on one row, column or diagonal.
    case notStraightLine(path: String, word: String, start: GridPoint, end: GridPoint)
    /// The line between the ends has a different number of cells from the word's letters.
    case lengthMismatch(path: String, word: String, wordLength: Int, lineLength: Int)
    /// The grid spells something else along the word's line.
    case wordNotInGrid(path: String, word: String, found: String, start: GridPoint, end: GridPoint)

    /// What was wrong and where.
    public var description: String {
        switch self {
        case let .tooLarge(bytes, limit):
            "response body is \(bytes) bytes; at most \(limit) are accepted"
        case let .malformed(path, reason):
            "\(path): \(reason)"
        case let .emptyGrid(path):
            "\(path): the grid is empty"
        case let .gridTooLarge(path, outer, inner, limit):
            "\(path): the grid is \(outer)×\(inner); at most \(limit) cells per side are accepted"
        case let .nonRectangularGrid(path, expected, found):
            "\(path): has \(found) cells; the grid is not rectangular (the first line has \(expected))"
        case let .notALetter(path, value):
            "\(path): \(quoted(value)) is not a single letter"
        case let .tooManyWords(count, limit):
            "$.words: \(count) words; at most \(limit) are accepted"
        case let .emptyWord(path):
            "\(path): the word is empty"
        case let .coordinateOutOfRange(path, value, allowed):
            "\(path): \(value) is outside the grid (\(allowed.lowerBound)…\(allowed.upperBound))"
        case let .notStraightLine(path, word, start, end):
            "\(path): \(quoted(word)) from \(start) to \(end) is not a straight horizontal, vertical or diagonal line"
        case let .lengthMismatch(path, word, wordLength, lineLength):
            "\(path): \(quoted(word)) has \(wordLength) letters but its line is \(lineLength) cells long"
        case let .wordNotInGrid(path, word, found, start, end):
            "\(path): \(quoted(word)) is not in the grid; from \(start) to \(end) it reads \(quoted(found))"
        }
    }

    private func quoted(_ text: String) -> String {
        "\"\(text.prefix(80))\(text.count > 80 ? "…" : "")\""
    }
}
