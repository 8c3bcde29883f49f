import Signet
import SignetTrivia

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
    /// When the host sends the first question (the game itself starts only when told).
    public var lobby: TriviaLobby
    /// Jokers each user owns when the host starts (users not listed own none).
    public var startingJokers: [String: Int]
    /// The most users one game takes, players and viewers, connected or not (1,000): a user past it gets
    /// `game-full`. Everyone stays in the standings that every user is sent, so without a bound a client
    /// joining under ever new names would make each message, and each game, grow without end.
    public var maxParticipants = 1_000

    /// The reference server's demo joker store: `ann` and `bob` own one joker each, everyone else none.
    public static let demoJokers = ["ann": 1, "bob": 1]

    /// A configuration; the defaults are the reference server's.
    public init(seed: UInt64, questionCount: Int = 5, timing: TriviaTiming = .standard,
                bank: [TriviaQuestion] = TriviaQuestionBank.builtIn,
                messageLimits: TriviaMessageLimits = .clientMessages,
                lobby: TriviaLobby = .standard, startingJokers: [String: Int] = demoJokers) {
        self.seed = seed
        self.questionCount = questionCount
        self.timing = timing
        self.bank = bank
        self.messageLimits = messageLimits
        self.lobby = lobby
        self.startingJokers = startingJokers
    }

    /// Checks the configuration, naming the first fault (``TriviaGame`` checks it too).
    public func validate() throws(TriviaGameConfigurationError) {
        guard questionCount >= 1, questionCount <= bank.count else {
            throw .questionCountOutOfRange(questionCount, bankSize: bank.count)
        }
        guard timing.questionDuration > .zero else { throw .nonPositiveDuration(field: "timing.questionDuration") }
        guard timing.reviewDuration > .zero else { throw .nonPositiveDuration(field: "timing.reviewDuration") }
        guard lobby.maximumWait > .zero else { throw .nonPositiveDuration(field: "lobby.maximumWait") }
        guard lobby.playersToStart >= 1 else { throw .valueOutOfRange(field: "lobby.playersToStart", expected: "at least 1") }
        guard maxParticipants >= 1 else { throw .valueOutOfRange(field: "maxParticipants", expected: "at least 1") }
        for (user, count) in startingJokers.sorted(by: { $0.key < $1.key }) where count < 0 {
            throw .valueOutOfRange(field: "startingJokers[\"\(user)\"]", expected: "0 or more")
        }
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
    /// A number is outside what the field allows.
    case valueOutOfRange(field: String, expected: String)

    /// The fault in one line, naming the field.
    public var description: String {
        switch self {
        case .questionCountOutOfRange(let count, let size): "questionCount: \(count) is not in 1…\(size)"
        case .nonPositiveDuration(let field): "\(field): must be positive"
        case .unplayableQuestion(let index, let id):
            "bank[\(index)] (\"\(id)\"): needs an id, at least 2 choices and a right choice among them"
        case .duplicateQuestionId(let id): "bank: question id \"\(id)\" appears twice"
        case .valueOutOfRange(let field, let expected): "\(field): expected \(expected)"
        }
    }
}
