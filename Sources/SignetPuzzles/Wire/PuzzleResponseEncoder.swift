#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes a puzzle as the reference server's `/puzzle` response: `{"id", "puzzle":
/// [[letter]] (row-major), "words": [{"word","x1","y1","x2","y2"}]}`.
public enum PuzzleResponseEncoder {
    /// The response body for `puzzle`, with sorted keys.
    public static func encode(_ puzzle: Puzzle) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(
            PuzzleResponseOutput(id: puzzle.id, puzzle: puzzle.grid.stringRows, words: puzzle.words))
    }
}
