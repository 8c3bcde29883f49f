import Signet
import SignetPuzzles

/// Why the generator could not make a puzzle (the reference server answers 422).
public enum PuzzleGenerationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The settings fail validation against the generator's capabilities.
    case invalidSettings(PuzzleSettingsError)
    /// The grid has more cells than the generator makes (`PuzzleGenerator.maxCells`).
    case gridTooLarge(width: Int, height: Int, limit: Int)
    /// The word list has too few distinct words of the allowed lengths that fit a line.
    case notEnoughWords(available: Int, requested: Int, lengths: ClosedRange<Int>)
    /// The words could not all be placed in the grid.
    case cannotPlaceWords(placed: Int, requested: Int, width: Int, height: Int)

    /// The reason, for a 422 response.
    public var description: String {
        switch self {
        case let .invalidSettings(problem):
            problem.description
        case let .gridTooLarge(width, height, limit):
            "width, height: a \(width)×\(height) grid has more than \(limit) cells"
        case let .notEnoughWords(available, requested, lengths):
            "words: \(requested) requested, but only \(available) words of \(lengths.lowerBound)…"
                + "\(lengths.upperBound) letters fit the grid"
        case let .cannotPlaceWords(placed, requested, width, height):
            "words: at most \(placed) of \(requested) words could be placed in a \(width)×\(height) grid"
        }
    }
}
