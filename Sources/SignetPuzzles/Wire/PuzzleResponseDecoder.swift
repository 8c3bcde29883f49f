#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes and checks a `/puzzle` response.
///
/// The documented shape is `{"id", "puzzle": [[letter]] (puzzle[y][x]), "words": [{"word",
/// "x1","y1","x2","y2"}]}`. Also accepted: positions inside a `"location"` object, a numeric
/// `id` (kept as its decimal text), and a column-major grid (`puzzle[x][y]`).
///
/// The layout is detected by the words: every word is checked against the grid read
/// row-major and read column-major. When both readings fit (a square grid whose words read
/// the same both ways, or no words) the documented row-major reading wins. When neither
/// fits, the error reported is the first failing word of the reading in which more words
/// fit (row-major on a tie), so the message names a word and what the grid holds there.
///
/// Letters are compared ignoring case; the grid and words keep the case they arrived in.
public struct PuzzleResponseDecoder: Sendable {
    /// Size limits applied before and during decoding.
    public struct Limits: Sendable, Hashable {
        /// The largest body accepted, in bytes.
        public var maxBytes: Int
        /// The most cells accepted along either side of the grid.
        public var maxSide: Int
        /// The most words accepted.
        public var maxWords: Int

        /// Creates limits.
        public init(maxBytes: Int = 1 << 20, maxSide: Int = 256, maxWords: Int = 1_000) {
            self.maxBytes = maxBytes
            self.maxSide = maxSide
            self.maxWords = maxWords
        }
    }

    /// The limits this decoder applies.
    public var limits: Limits

    /// Creates a decoder with the given limits.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Decodes `data`, checks its shape and every word, and returns the puzzle row-major.
    public func decode(_ data: Data) throws(PuzzleDecodingError) -> DecodedPuzzle {
        guard data.count <= limits.maxBytes else {
            throw .tooLarge(bytes: data.count, limit: limits.maxBytes)
        }
        try PuzzleDecodingError.checkJSON(data)
        let body: PuzzleResponseBody
        do {
            body = try JSONDecoder().decode(PuzzleResponseBody.self, from: data)
        } catch {
            throw PuzzleDecodingError.malformed(error, data: data)
        }
        // Shape first, so a bad cell is named by its path in the response as sent.
        try GridShape.check(body.puzzle, path: "$.puzzle", maxSide: limits.maxSide)
        guard body.words.count <= limits.maxWords else {
            throw .tooManyWords(count: body.words.count, limit: limits.maxWords)
        }
        let asRows = LetterGrid(validatedRows: body.puzzle.map { $0.compactMap(\.first) })
        let asColumns = asRows.transposed()
        let rowProblems = problems(of: body.words, in: asRows)
        if rowProblems.isEmpty {
            return DecodedPuzzle(puzzle: puzzle(body, asRows), layout: .rowMajor)
        }
        let columnProblems = problems(of: body.words, in: asColumns)
        if columnProblems.isEmpty {
            return DecodedPuzzle(puzzle: puzzle(body, asColumns), layout: .columnMajor)
        }
        let reported = columnProblems.count < rowProblems.count ? columnProblems : rowProblems
        throw reported[0]
    }

    private func problems(of entries: [WordEntry], in grid: LetterGrid) -> [PuzzleDecodingError] {
        entries.enumerated().compactMap { index, entry in
            let path = "$.words[\(index)]"
            return WordCheck.problem(
                entry.placed, in: grid, path: path,
                coordinatePath: entry.usesLocation ? "\(path).location" : path)
        }
    }

    private func puzzle(_ body: PuzzleResponseBody, _ grid: LetterGrid) -> Puzzle {
        Puzzle(uncheckedID: body.id, grid: grid, words: body.words.map(\.placed))
    }
}
