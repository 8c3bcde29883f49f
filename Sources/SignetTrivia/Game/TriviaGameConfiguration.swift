/// Everything that fixes a game before it starts: which questions, how many, how fast.
public struct TriviaGameConfiguration: Sendable, Equatable {
    /// Fixes the questions drawn and the order of their choices.
    public var seed: UInt64
    /// How many questions the game asks (1 … the bank's size).
    public var questionCount: Int
    /// Question and review durations.
    public var timing: TriviaTiming
    /// The questions to draw from.
    public var bank: [TriviaQuestion]
    /// Limits for decoding client messages.
    public var messageLimits: TriviaMessageLimits

    /// A configuration; the defaults are the reference server's.
    public init(seed: UInt64, questionCount: Int = 5, timing: TriviaTiming = .standard,
                bank: [TriviaQuestion] = TriviaQuestionBank.builtIn,
                messageLimits: TriviaMessageLimits = .clientMessages) {
        self.seed = seed
        self.questionCount = questionCount
        self.timing = timing
        self.bank = bank
        self.messageLimits = messageLimits
    }

    /// Checks the configuration, naming the first fault.
    func validate() throws(TriviaGameConfigurationError) {
        guard questionCount >= 1, questionCount <= bank.count else {
            throw .questionCountOutOfRange(questionCount, bankSize: bank.count)
        }
        guard timing.questionDuration > .zero else { throw .nonPositiveDuration(field: "timing.questionDuration") }
        guard timing.reviewDuration > .zero else { throw .nonPositiveDuration(field: "timing.reviewDuration") }
        var seen: Set<String> = []
        for (index, question) in bank.enumerated() {
            guard question.isPlayable else { throw .unplayableQuestion(index: index, id: question.id) }
            guard seen.insert(question.id).inserted else { throw .duplicateQuestionId(question.id) }
        }
    }
}

/// Why a ``TriviaGameConfiguration`` cannot make a game.
public enum TriviaGameConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `questionCount` is below 1 or above the bank's size.
    case questionCountOutOfRange(Int, bankSize: Int)
    /// A duration is zero or negative.
    case nonPositiveDuration(field: String)
    /// `bank[index]` has an empty id, fewer than two choices, or a right choice outside them.
    case unplayableQuestion(index: Int, id: String)
    /// Two questions in the bank share an id.
    case duplicateQuestionId(String)

    /// The fault in one line, naming the field.
    public var description: String {
        switch self {
        case .questionCountOutOfRange(let count, let size): "questionCount: \(count) is not in 1…\(size)"
        case .nonPositiveDuration(let field): "\(field): must be positive"
        case .unplayableQuestion(let index, let id):
            "bank[\(index)] (\"\(id)\"): needs an id, at least 2 choices and a right choice among them"
        case .duplicateQuestionId(let id): "bank: question id \"\(id)\" appears twice"
        }
    }
}
