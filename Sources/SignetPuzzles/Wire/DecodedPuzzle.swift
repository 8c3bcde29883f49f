/// A checked puzzle decoded from a `/puzzle` response, with the grid layout the response
/// turned out to use.
public struct DecodedPuzzle: Sendable, Hashable {
    /// The puzzle, its grid always row-major.
    public let puzzle: Puzzle
    /// The layout detected in the response.
    public let layout: GridLayout
}
