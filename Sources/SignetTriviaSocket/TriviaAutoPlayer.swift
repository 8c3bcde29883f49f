import Signet
import SignetTrivia

/// A scripted player: given the machine's state, what to do next. Pure, like the machine; the caller
/// performs the move on its ``TriviaConnection``.
///
/// ```swift
/// var player = TriviaAutoPlayer(strategy: .wrong, seed: 1)
/// if let move = player.move(for: machine) { … }   // .answer(2), .useJoker, .declineJoker
/// ```
package struct TriviaAutoPlayer: Sendable {
    /// How answers are picked.
    package let strategy: TriviaStrategy
    /// Whether an offered joker is used (else declined).
    package let usesJokers: Bool
    private let key: TriviaAnswerKey
    private var generator: SplitMix64

    /// A player with `strategy`; `seed` fixes its random picks.
    package init(strategy: TriviaStrategy, usesJokers: Bool = true, key: TriviaAnswerKey = TriviaAnswerKey(), seed: UInt64 = 1) {
        self.strategy = strategy
        self.usesJokers = usesJokers
        self.key = key
        self.generator = SplitMix64(seed: seed)
    }

    /// The move to make now: answer an open question, decide on a joker offer, or nothing (nil).
    package mutating func move(for machine: TriviaClientMachine) -> TriviaAutoMove? {
        if machine.canUseJoker { return usesJokers ? .useJoker : .declineJoker }
        guard machine.canAnswer, case .question(let open) = machine.state else { return nil }
        return .answer(strategy.choice(for: open.prompt, key: key, generator: &generator))
    }
}

/// One move of a ``TriviaAutoPlayer``.
package enum TriviaAutoMove: Sendable, Equatable {
    /// Answer with this choice index.
    case answer(Int)
    /// Use the offered joker.
    case useJoker
    /// Decline the offered joker.
    case declineJoker
}
