import Signet

/// How a scripted player picks its answers (`signet trivia play --auto STRATEGY`, opponents, demos).
package enum TriviaStrategy: String, Sendable, CaseIterable {
    /// The right choice, when the answer key knows the question; otherwise a random one.
    case right
    /// A wrong choice, when the answer key knows the question; otherwise a random one.
    case wrong
    /// Any choice, from a seeded generator.
    case random
    /// Always the first choice.
    case first

    /// The choice this strategy makes on `prompt`.
    package func choice(for prompt: TriviaQuestionPrompt, key: TriviaAnswerKey, generator: inout SplitMix64) -> Int {
        let count = prompt.choices.count
        switch self {
        case .first:
            return 0
        case .random:
            return generator.next(below: count)
        case .right:
            return key.rightChoice(in: prompt) ?? generator.next(below: count)
        case .wrong:
            guard let right = key.rightChoice(in: prompt) else { return generator.next(below: count) }
            let wrong = generator.next(below: count - 1)
            return wrong >= right ? wrong + 1 : wrong
        }
    }
}

/// The right answers a scripted player knows: question id → the text of the right choice. The wire
/// never says which choice is right before the result, so a "knowing" player needs the bank.
package struct TriviaAnswerKey: Sendable, Equatable {
    private let rightText: [String: String]

    /// The key of `bank` (the reference server's built-in bank by default).
    package init(bank: [TriviaQuestion] = TriviaQuestionBank.builtIn) {
        var rightText: [String: String] = [:]
        for question in bank where question.choices.indices.contains(question.correctChoice) {
            rightText[question.id] = question.choices[question.correctChoice]
        }
        self.rightText = rightText
    }

    /// The index of the right choice as `prompt` orders the choices; nil for a question the key does not know.
    package func rightChoice(in prompt: TriviaQuestionPrompt) -> Int? {
        guard let text = rightText[prompt.questionId] else { return nil }
        return prompt.choices.firstIndex(of: text)
    }
}
