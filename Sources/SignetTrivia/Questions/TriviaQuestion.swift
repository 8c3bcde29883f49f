import Signet

/// A question as the game holds it: text, choices and which one is right.
public struct TriviaQuestion: Sendable, Equatable, Hashable {
    /// A stable identifier, sent as `questionId`.
    public var id: String
    /// The question text.
    public var text: String
    /// The choices, in order.
    public var choices: [String]
    /// The index of the right choice in `choices`.
    public var correctChoice: Int

    /// A question; `correctChoice` must index `choices` (`TriviaGame` checks its bank).
    public init(id: String, text: String, choices: [String], correctChoice: Int) {
        self.id = id
        self.text = text
        self.choices = choices
        self.correctChoice = correctChoice
    }

    /// The same question with its choices reordered by `generator`, `correctChoice` following the right one.
    func withShuffledChoices(using generator: inout SplitMix64) -> TriviaQuestion {
        let order = generator.shuffled(Array(choices.indices))
        let correct = order.firstIndex(of: correctChoice) ?? correctChoice
        return TriviaQuestion(id: id, text: text, choices: order.map { choices[$0] }, correctChoice: correct)
    }

    /// Whether the question can be played: an id, at least two choices, and a right one among them.
    package var isPlayable: Bool { !id.isEmpty && choices.count >= 2 && choices.indices.contains(correctChoice) }
}
