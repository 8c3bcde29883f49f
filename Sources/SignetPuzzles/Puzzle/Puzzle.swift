/// A word-search puzzle whose every word has been found in its grid, letter by letter.
public struct Puzzle: Sendable, Hashable {
    /// The identifier the server gave the puzzle.
    public let id: String
    /// The letters, row-major.
    public let grid: LetterGrid
    /// The hidden words, in the order the server listed them.
    public let words: [PlacedWord]

    /// Creates a puzzle, checking every word against the grid (see `WordCheck`). A problem is
    /// reported with the JSON path `$.words[i]` of the word.
    public init(id: String, grid: LetterGrid, words: [PlacedWord]) throws(PuzzleDecodingError) {
        for (index, word) in words.enumerated() {
            if let problem = WordCheck.problem(word, in: grid, path: "$.words[\(index)]") {
                throw problem
            }
        }
        self.init(uncheckedID: id, grid: grid, words: words)
    }

    /// Creates a puzzle whose words are known to lie in the grid (the generator's output).
    package init(uncheckedID id: String, grid: LetterGrid, words: [PlacedWord]) {
        self.id = id
        self.grid = grid
        self.words = words
    }

    /// The distinct words to find, compared case-insensitively, in listing order. A word the
    /// server lists twice is found once.
    public var distinctWords: [String] {
        // Letter by letter, as `CaseInsensitiveLetters` matches a find: a whole word's uppercase made "ß" and
        // "SS" one word, so finding either won a game with the other unfound.
        var seen: Set<[String]> = []
        return words.map(\.word).filter { seen.insert($0.map { $0.uppercased() }).inserted }
    }

    /// The puzzle's word spelled like `candidate` ignoring case, or nil when it has none.
    public func word(matching candidate: String) -> String? {
        words.first { CaseInsensitiveLetters.equal($0.word, candidate) }?.word
    }
}
