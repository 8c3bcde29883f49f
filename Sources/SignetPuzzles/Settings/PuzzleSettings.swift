#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a player asks the server for. Its `Codable` form is the `POST /puzzle` body:
/// `{"width", "height", "words", "minLength", "maxLength", "capabilities": [keyword]}`.
public struct PuzzleSettings: Sendable, Hashable, Codable {
    /// Columns in the grid.
    public var width: Int
    /// Rows in the grid.
    public var height: Int
    /// How many words to hide.
    public var words: Int
    /// The fewest letters a word may have.
    public var minLength: Int
    /// The most letters a word may have.
    public var maxLength: Int
    /// The capability keywords to use, e.g. `["horizontal", "vertical"]`.
    public var capabilities: [String]

    /// Creates settings.
    public init(width: Int, height: Int, words: Int, minLength: Int, maxLength: Int, capabilities: [String]) {
        self.width = width
        self.height = height
        self.words = words
        self.minLength = minLength
        self.maxLength = maxLength
        self.capabilities = capabilities
    }

    /// The `POST /puzzle` body, keys sorted.
    public func requestBody() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }
}
