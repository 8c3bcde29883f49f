import Foundation
import Signet
import Testing
import SignetPuzzles
@testable import SignetServer

@Suite("Puzzle generator")
struct GeneratorTests {
    static let settingsCases: [PuzzleSettings] = [
        PuzzleSettings(width: 20, height: 20, words: 10, minLength: 4, maxLength: 8,
                       capabilities: ["horizontal", "vertical", "angle"]),
        PuzzleSettings(width: 12, height: 6, words: 8, minLength: 3, maxLength: 12, capabilities: ["horizontal"]),
        PuzzleSettings(width: 6, height: 15, words: 6, minLength: 2, maxLength: 5, capabilities: ["vertical"]),
        PuzzleSettings(width: 9, height: 9, words: 7, minLength: 5, maxLength: 9, capabilities: ["angle"]),
        PuzzleSettings(width: 64, height: 64, words: 100, minLength: 2, maxLength: 12,
                       capabilities: ["angle", "horizontal"]),
        PuzzleSettings(width: 2, height: 1, words: 1, minLength: 2, maxLength: 2, capabilities: ["horizontal"]),
    ]

    /// The (dx, dy) steps each keyword allows, written out here rather than taken from the library.
    static let allowedSteps: [String: Set<[Int]>] = [
        "horizontal": [[1, 0], [-1, 0]],
        "vertical": [[0, 1], [0, -1]],
        "angle": [[1, 1], [1, -1], [-1, 1], [-1, -1]],
    ]

    @Test("every setting is honoured and every word reads off the grid", arguments: settingsCases, [1, 99, 31_337] as [UInt64])
    func honoursSettings(settings: PuzzleSettings, seed: UInt64) throws {
        let puzzle = try PuzzleGenerator(seed: seed).generate(settings)
        let rows = puzzle.grid.stringRows
        #expect(rows.count == settings.height)
        #expect(rows.allSatisfy { $0.count == settings.width })
        #expect(rows.joined().allSatisfy { $0.count == 1 && ("A"..."Z").contains($0) })
        #expect(puzzle.words.count == settings.words)
        #expect(Set(puzzle.words.map(\.word)).count == settings.words)
        let list = Set(PuzzleWordList.words.map { $0.uppercased() })
        let allowed = settings.capabilities.reduce(into: Set<[Int]>()) { $0.formUnion(Self.allowedSteps[$1] ?? []) }
        for placed in puzzle.words {
            #expect(list.contains(placed.word))
            #expect((settings.minLength...settings.maxLength).contains(placed.word.count))
            let dx = placed.end.x - placed.start.x
            let dy = placed.end.y - placed.start.y
            #expect(allowed.contains([dx.signum(), dy.signum()]), "\(placed.word) runs (\(dx), \(dy))")
            #expect(lettersAlong(rows, x1: placed.start.x, y1: placed.start.y, x2: placed.end.x, y2: placed.end.y)
                == placed.word)
        }
    }

    @Test("the same seed gives the same puzzle; another seed another")
    func deterministic() throws {
        let settings = Self.settingsCases[0]
        let first = try PuzzleGenerator(seed: 2024).generate(settings)
        let again = try PuzzleGenerator(seed: 2024).generate(settings)
        let other = try PuzzleGenerator(seed: 2025).generate(settings)
        #expect(first == again)
        #expect(try PuzzleResponseEncoder.encode(first) == PuzzleResponseEncoder.encode(again))
        #expect(first != other)
        #expect(first.id != other.id)
    }

    @Test("a keyword allows both ways along its line")
    func bothWays() throws {
        var horizontal: Set<GridDirection> = []
        var vertical: Set<GridDirection> = []
        for seed in UInt64(0)..<8 {
            let generator = PuzzleGenerator(seed: seed)
            horizontal.formUnion(try generator.generate(Self.settingsCases[1]).words.compactMap(\.direction))
            vertical.formUnion(try generator.generate(Self.settingsCases[2]).words.compactMap(\.direction))
        }
        #expect(horizontal == [.right, .left])
        #expect(vertical == [.down, .up])
    }

    @Test("the generator's output passes the client's decoder")
    func roundTrip() throws {
        let puzzle = try PuzzleGenerator(seed: 5).generate(Self.settingsCases[0])
        let decoded = try PuzzleResponseDecoder().decode(PuzzleResponseEncoder.encode(puzzle))
        #expect(decoded.puzzle == puzzle)
        #expect(decoded.layout == .rowMajor)
    }

    @Test("a server without Angle refuses angle")
    func withoutAngle() {
        let generator = PuzzleGenerator(seed: 1, capabilities: PuzzleCapabilityCatalog.standardSet(includingAngle: false))
        #expect(throws: PuzzleGenerationError.invalidSettings(
            .unsupportedCapability(keyword: "angle", offered: ["horizontal", "vertical"]))
        ) {
            try generator.generate(Self.settingsCases[0])
        }
    }

    @Test("impossible settings give a reason")
    func impossible() {
        // Three rows of three cells, horizontal only: each row holds one 3-letter word, and a
        // word may not lie entirely on another, so a fourth cannot be placed.
        let crowded = PuzzleSettings(width: 3, height: 3, words: 4, minLength: 3, maxLength: 3, capabilities: ["horizontal"])
        #expect(throws: PuzzleGenerationError.cannotPlaceWords(placed: 3, requested: 4, width: 3, height: 3)) {
            try PuzzleGenerator(seed: 8).generate(crowded)
        }
        // The built-in list has 15 twelve-letter words.
        let long = PuzzleSettings(width: 12, height: 12, words: 20, minLength: 12, maxLength: 12, capabilities: ["horizontal"])
        #expect(throws: PuzzleGenerationError.notEnoughWords(available: 15, requested: 20, lengths: 12...12)) {
            try PuzzleGenerator(seed: 8).generate(long)
        }
        let tiny = PuzzleGenerator(seed: 1, wordList: ["cat", "dog", "c4t", "CAT"])
        let three = PuzzleSettings(width: 5, height: 5, words: 3, minLength: 3, maxLength: 3, capabilities: ["vertical"])
        #expect(throws: PuzzleGenerationError.notEnoughWords(available: 2, requested: 3, lengths: 3...3)) {
            try tiny.generate(three)
        }
    }

    @Test("SplitMix64 matches the reference sequence")
    func splitMix() {
        // Reference values from the published C implementation (Vigna), seed 0 and 1234567.
        var zero = SplitMix64(seed: 0)
        #expect([zero.next(), zero.next(), zero.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        var other = SplitMix64(seed: 1_234_567)
        #expect([other.next(), other.next(), other.next()] == [0x599E_D017_FB08_FC85, 0x2C73_F084_5854_0FA5, 0x883E_BCE5_A3F2_7C77])
        var bounded = SplitMix64(seed: 3)
        #expect((0..<1_000).allSatisfy { _ in (0..<7).contains(bounded.next(below: 7)) })
        #expect(bounded.shuffled(Array(0..<20)).sorted() == Array(0..<20))
    }

    @Test("the built-in word list: a few hundred distinct lowercase words of 2 to 12 letters")
    func wordList() {
        let words = PuzzleWordList.words
        #expect(words.count >= 300)
        #expect(Set(words).count == words.count)
        #expect(words.allSatisfy { (2...12).contains($0.count) && $0.allSatisfy { ("a"..."z").contains($0) } })
        #expect(Set(words.map(\.count)) == Set(2...12))
    }
}
