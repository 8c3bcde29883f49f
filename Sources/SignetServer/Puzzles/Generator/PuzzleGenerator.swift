import Signet
import SignetPuzzles

/// Makes real word-search puzzles for the reference server, deterministically for a seed.
///
/// For given settings, the same seed always yields the same puzzle, id included (the
/// generator draws from its own `SplitMix64`, never the system generator), so a server
/// should give each request its own seed. Words come from `wordList` (uppercased, distinct,
/// letters only) with lengths from `minLength` up to `maxLength` or the longest line the
/// chosen directions allow. Each word runs in one of the chosen directions
/// (`DirectionCapability`), may cross others only on equal letters and never lies entirely
/// on other words. Empty cells get random letters A–Z. Grid and words are uppercase.
public struct PuzzleGenerator: Sendable {
    /// The seed that fixes every random choice.
    public let seed: UInt64
    /// The capabilities requests are validated against.
    public let capabilities: CapabilitySet
    /// The bounds requests are validated against.
    public let limits: PuzzleSettingsLimits
    /// The words to choose from.
    public let wordList: [String]

    /// The most cells a generated grid may have, whatever `limits` allow.
    public static let maxCells = 1 << 20

    /// How many times placement starts over with a fresh word order before giving up.
    public static let placementAttempts = 12

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// Creates a generator.
    public init(
        seed: UInt64,
        capabilities: CapabilitySet = PuzzleCapabilityCatalog.standardSet(),
        limits: PuzzleSettingsLimits = .standard,
        wordList: [String] = PuzzleWordList.words
    ) {
        self.seed = seed
        self.capabilities = capabilities
        self.limits = limits
        self.wordList = wordList
    }

    /// A puzzle for `settings`, or the reason there can be none.
    public func generate(_ settings: PuzzleSettings) throws(PuzzleGenerationError) -> Puzzle {
        do {
            try settings.validate(against: capabilities, limits: limits)
        } catch {
            throw .invalidSettings(error)
        }
        let (cells, overflow) = settings.width.multipliedReportingOverflow(by: settings.height)
        guard !overflow, cells <= Self.maxCells else {
            throw .gridTooLarge(width: settings.width, height: settings.height, limit: Self.maxCells)
        }
        let chosen = settings.directions(offered: capabilities)
        let directions = chosen.flatMap(\.directions)
        let longest = chosen.map { $0.longestLine(width: settings.width, height: settings.height) }.max() ?? 0
        let lengths = settings.minLength...max(settings.minLength, min(settings.maxLength, longest))
        let candidates = candidateWords(lengths: lengths)
        guard candidates.count >= settings.words else {
            throw .notEnoughWords(available: candidates.count, requested: settings.words, lengths: lengths)
        }
        var random = SplitMix64(seed: seed)
        let id = String(random.next(), radix: 16)
        var mostPlaced = 0
        for _ in 0..<Self.placementAttempts {
            var builder = GridBuilder(width: settings.width, height: settings.height)
            let order = random.shuffled(candidates)
            for (tried, word) in order.enumerated() {
                let needed = settings.words - builder.placed.count
                if needed == 0 || order.count - tried < needed { break }
                _ = builder.place(word, directions: directions, random: &random)
            }
            if builder.placed.count == settings.words {
                let grid = builder.fill(from: Self.alphabet, random: &random)
                return Puzzle(uncheckedID: id, grid: grid, words: builder.placed)
            }
            mostPlaced = max(mostPlaced, builder.placed.count)
        }
        throw .cannotPlaceWords(
            placed: mostPlaced, requested: settings.words, width: settings.width, height: settings.height)
    }

    private func candidateWords(lengths: ClosedRange<Int>) -> [String] {
        var seen: Set<String> = []
        return wordList.compactMap { word in
            let upper = word.uppercased()
            guard lengths.contains(upper.count), upper.allSatisfy(\.isLetter), seen.insert(upper).inserted else {
                return nil
            }
            return upper
        }
    }
}
