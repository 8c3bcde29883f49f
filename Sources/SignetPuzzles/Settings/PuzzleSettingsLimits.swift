/// The bounds settings must keep to before a request is sent (and the reference server
/// accepts).
public struct PuzzleSettingsLimits: Sendable, Hashable {
    /// The most cells along either side of the grid.
    public var maxSide: Int
    /// The most words in one puzzle.
    public var maxWords: Int
    /// The fewest letters a word may be asked to have: a one-letter word is not worth finding.
    public var minWordLength: Int

    /// Creates limits.
    public init(maxSide: Int = 64, maxWords: Int = 100, minWordLength: Int = 2) {
        self.maxSide = maxSide
        self.maxWords = maxWords
        self.minWordLength = minWordLength
    }

    /// Sides 1…64, 1…100 words, word lengths 2…64.
    public static let standard = PuzzleSettingsLimits()
}
