/// A puzzle the server generated for some settings, checked word by word.
public struct ReceivedPuzzle: Sendable, Hashable {
    /// The puzzle, its grid row-major whatever layout the response used.
    public let puzzle: Puzzle
    /// The grid layout the response turned out to use.
    public let layout: GridLayout
    /// The settings that were sent.
    public let settings: PuzzleSettings
    /// What resolving the server's capability list changed, for the caller to show.
    public let capabilityWarnings: [CapabilityWarning]

    /// Creates a received puzzle.
    public init(puzzle: Puzzle, layout: GridLayout, settings: PuzzleSettings, capabilityWarnings: [CapabilityWarning]) {
        self.puzzle = puzzle
        self.layout = layout
        self.settings = settings
        self.capabilityWarnings = capabilityWarnings
    }
}
