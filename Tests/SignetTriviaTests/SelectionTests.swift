import Signet
import Testing
@testable import SignetTrivia
@testable import SignetServer

@Suite("SplitMix64 and question selection")
struct SelectionTests {
    /// Reference outputs of SplitMix64 (Vigna's splitmix64.c; also Vectors/trivia/trivia-selection-reference.py).
    @Test func splitMixMatchesTheReference() {
        var zero = SplitMix64(seed: 0)
        #expect([zero.next(), zero.next(), zero.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        var other = SplitMix64(seed: 1_234_567)
        #expect((0..<5).map { _ in other.next() } ==
                [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
                 4_593_380_528_125_082_431, 16_408_922_859_458_223_821])
    }

    @Test func boundedDrawsStayInRange() {
        var generator = SplitMix64(seed: 99)
        for bound in [1, 2, 3, 7, 1_000] {
            for _ in 0..<200 { #expect((0..<bound).contains(generator.next(below: bound))) }
        }
        #expect(generator.next(below: 0) == 0)
    }

    @Test func builtInBankIsPlayable() {
        let bank = TriviaQuestionBank.builtIn
        #expect(bank.count >= 10)
        #expect(Set(bank.map(\.id)).count == bank.count)
        #expect(bank.allSatisfy { $0.isPlayable })
    }

    /// Expected ids and right-choice positions from Vectors/trivia/trivia-selection-reference.py, which shares
    /// no code with the library: `python3 Vectors/trivia/trivia-selection-reference.py 42 5`.
    @Test func selectionMatchesTheIndependentReference() {
        let selected = TriviaQuestionBank.select(5, seed: 42)
        #expect(selected.map(\.id) == ["q-water-boils", "q-prime-after-7", "q-speed-light", "q-hexagon-sides", "q-swift-year"])
        #expect(selected.map(\.correctChoice) == [1, 2, 3, 1, 0])
        let all = TriviaQuestionBank.select(14, seed: 7)
        #expect(all.prefix(3).map(\.id) == ["q-water-boils", "q-bits-in-byte", "q-largest-planet"])
        #expect(all.prefix(3).map(\.correctChoice) == [3, 0, 3])
    }

    @Test func shuffledChoicesKeepTheRightAnswer() {
        let byId = Dictionary(uniqueKeysWithValues: TriviaQuestionBank.builtIn.map { ($0.id, $0) })
        for question in TriviaQuestionBank.select(14, seed: 2_024) {
            let original = byId[question.id]
            #expect(question.choices[question.correctChoice] == original?.choices[0])
            #expect(Set(question.choices) == Set(original?.choices ?? []))
        }
    }

    @Test func sameSeedSameGameOtherSeedOtherGame() throws {
        let first = try TriviaGame(configuration: TriviaGameConfiguration(seed: 5), jokers: [:])
        let second = try TriviaGame(configuration: TriviaGameConfiguration(seed: 5), jokers: [:])
        let third = try TriviaGame(configuration: TriviaGameConfiguration(seed: 6), jokers: [:])
        #expect(first.questions == second.questions)
        #expect(first.questions != third.questions)
    }
}
