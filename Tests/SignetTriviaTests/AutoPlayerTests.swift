import Foundation
import Signet
@testable import SignetTrivia
import SignetTriviaSocket
import Testing

/// The scripted player and its strategies, without a socket.
@Suite("Scripted player")
struct AutoPlayerTests {
    typealias F = GameFixture

    static let key = TriviaAnswerKey(bank: F.bank)

    static func prompt(_ questionId: String, _ choices: [String]) -> TriviaQuestionPrompt {
        TriviaQuestionPrompt(questionId: questionId, index: 0, count: 3, text: "?", choices: choices,
                             deadline: F.at(10), remainingMilliseconds: 10_000, role: .player)
    }

    @Test func strategiesPickByTheAnswerKey() {
        var generator = SplitMix64(seed: 3)
        let shuffled = Self.prompt("q1", ["wrong-b", "wrong-a", "right"])
        #expect(TriviaStrategy.right.choice(for: shuffled, key: Self.key, generator: &generator) == 2)
        #expect(TriviaStrategy.first.choice(for: shuffled, key: Self.key, generator: &generator) == 0)
        for _ in 0..<20 {
            #expect(TriviaStrategy.wrong.choice(for: shuffled, key: Self.key, generator: &generator) != 2)
            #expect((0..<3).contains(TriviaStrategy.random.choice(for: shuffled, key: Self.key, generator: &generator)))
        }
        // A question the key does not know: still a valid choice.
        let unknown = Self.prompt("q-other", ["a", "b"])
        #expect((0..<2).contains(TriviaStrategy.right.choice(for: unknown, key: Self.key, generator: &generator)))
    }

    @Test func theBuiltInKeyKnowsTheBuiltInBank() {
        let key = TriviaAnswerKey()
        let prompt = Self.prompt("q-capital-australia", ["Sydney", "Perth", "Canberra", "Melbourne"])
        #expect(key.rightChoice(in: prompt) == 2)
    }

    @Test func movesFollowTheMachine() {
        var player = TriviaAutoPlayer(strategy: .right, key: Self.key)
        var machine = TriviaClientMachine(jokers: 1)
        #expect(player.move(for: machine) == nil)   // connecting
        let prompt = Self.prompt("q2", ["wrong-a", "right", "wrong-b"])
        _ = machine.handle(.received(.question(prompt), at: F.at(0)))
        #expect(player.move(for: machine) == .answer(1))
        _ = machine.handle(.answer(choice: 0, at: F.at(1)))
        #expect(player.move(for: machine) == nil)   // answer sent: nothing to touch
        _ = machine.handle(.received(.result(TriviaResult(questionId: "q2", correct: false, correctChoice: 1, choice: 0,
                                                          role: .viewer, score: 0, jokerOffered: true)), at: F.at(2)))
        #expect(player.move(for: machine) == .useJoker)
        var decliner = TriviaAutoPlayer(strategy: .first, usesJokers: false)
        #expect(decliner.move(for: machine) == .declineJoker)
    }

    @Test func userNames() {
        #expect(TriviaUserName.problem(with: nil) == "user: missing")
        #expect(TriviaUserName.problem(with: "") == "user: missing")
        #expect(TriviaUserName.problem(with: String(repeating: "x", count: 65)) == "user: 65 bytes, limit 64")
        #expect(TriviaUserName.problem(with: "a\u{7}b") == "user: control characters are not allowed")
        #expect(TriviaUserName.problem(with: "zoë") == nil)
        #expect(TriviaUserName.queryEncoded("a b&c=d/é") == "a%20b%26c%3Dd%2F%C3%A9")
    }
}
