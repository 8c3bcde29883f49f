/// A word hidden in a puzzle, running in a straight line from `start` to `end` (both cells
/// included).
///
/// Its `Codable` form is the wire form `{"word", "x1", "y1", "x2", "y2"}`.
public struct PlacedWord: Sendable, Hashable, Codable {
    /// The word as the puzzle spells it.
    public var word: String
    /// The cell of the first letter.
    public var start: GridPoint
    /// The cell of the last letter.
    public var end: GridPoint

    /// Creates a placed word.
    public init(word: String, start: GridPoint, end: GridPoint) {
        self.word = word
        self.start = start
        self.end = end
    }

    /// The direction from `start` to `end`; nil for a one-letter word or a line that is not
    /// straight.
    public var direction: GridDirection? { GridDirection.between(start, end) }

    private enum CodingKeys: String, CodingKey {
        case word, x1, y1, x2, y2
    }

    /// Decodes the flat wire form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        word = try container.decode(String.self, forKey: .word)
        start = GridPoint(
            x: try container.decode(Int.self, forKey: .x1), y: try container.decode(Int.self, forKey: .y1))
        end = GridPoint(
            x: try container.decode(Int.self, forKey: .x2), y: try container.decode(Int.self, forKey: .y2))
    }

    /// Encodes the flat wire form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(word, forKey: .word)
        try container.encode(start.x, forKey: .x1)
        try container.encode(start.y, forKey: .y1)
        try container.encode(end.x, forKey: .x2)
        try container.encode(end.y, forKey: .y2)
    }
}
