import Foundation
@testable import SignetTrivia
@testable import SignetServer

/// A small game for tests: three questions whose right choice is the text "right", so a test finds
/// it from the `question` message as a knowing player would, not from the game's internals.
enum GameFixture {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// `seconds` after the start.
    static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    static let bank = [
        TriviaQuestion(id: "q1", text: "First?", choices: ["right", "wrong-a", "wrong-b"], correctChoice: 0),
        TriviaQuestion(id: "q2", text: "Second?", choices: ["wrong-a", "right", "wrong-b"], correctChoice: 1),
        TriviaQuestion(id: "q3", text: "Third?", choices: ["wrong-a", "wrong-b", "right"], correctChoice: 2),
    ]

    /// 10 s per question, 3 s of results.
    static let timing = TriviaTiming(questionDuration: .seconds(10), reviewDuration: .seconds(3))

    static func game(jokers: [String: Int] = [:], seed: UInt64 = 1) throws -> TriviaGame {
        try TriviaGame(configuration: TriviaGameConfiguration(seed: seed, questionCount: 3, timing: timing, bank: bank),
                       jokers: jokers)
    }

    static func right(_ prompt: TriviaQuestionPrompt) -> Int { prompt.choices.firstIndex(of: "right") ?? -1 }
    static func wrong(_ prompt: TriviaQuestionPrompt) -> Int { prompt.choices.firstIndex(of: "wrong-a") ?? -1 }
}

extension [TriviaDelivery] {
    /// The messages for `user`, in order.
    func to(_ user: String) -> [TriviaServerMessage] { filter { $0.recipient == user }.map(\.message) }

    /// The `question` sent to `user`, if any.
    func prompt(for user: String) -> TriviaQuestionPrompt? {
        for case .question(let prompt) in to(user) { return prompt }
        return nil
    }

    /// The `result` sent to `user`, if any.
    func result(for user: String) -> TriviaResult? {
        for case .result(let result) in to(user) { return result }
        return nil
    }

    /// The error codes sent to `user`.
    func errorCodes(for user: String) -> [TriviaErrorCode] {
        to(user).compactMap { if case .error(let error) = $0 { error.code } else { nil } }
    }
}
