#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The client side of a game as a pure value: feed it events, get back the new state and the
/// messages to send. It reads no clock and owns no socket, so every transition is testable alone.
///
/// ```swift
/// var machine = TriviaClientMachine(jokers: jokersFromRESTCall)
/// let outcome = machine.handle(.received(message, at: .now))   // question shown
/// let sent = machine.handle(.answer(choice: 2, at: .now)).send  // [.answer(...)] to send
/// ```
public struct TriviaClientMachine: Sendable, Equatable {
    /// What the screen shows.
    public internal(set) var state: TriviaClientState = .connecting
    /// The user name, once the server has said it in `welcome`.
    public internal(set) var user: String?
    /// Player or viewer, as the server last said.
    public internal(set) var role: TriviaRole = .player
    /// Jokers the user owns.
    public internal(set) var jokers: Int
    /// Whether a joker was accepted in this game (only one may be).
    public internal(set) var jokerUsedThisGame = false
    /// The user's score, as the last result said.
    public internal(set) var score = 0
    /// The last `error` the server sent.
    public internal(set) var lastError: TriviaServerError?

    /// A machine for a new game; `jokers` is what `GET /trivia/jokers` answered (a `welcome` updates it).
    public init(jokers: Int = 0) {
        self.jokers = max(0, jokers)
    }

    /// Whether the screen should let the user pick a choice now.
    public var canAnswer: Bool {
        if case .question = state { return role == .player }
        return false
    }

    /// Whether the screen should offer the joker now.
    public var canUseJoker: Bool {
        if case .jokerOffer = state { return true }
        return false
    }

    /// Applies `event` and says what to send, or why the event was refused.
    public mutating func handle(_ event: TriviaClientEvent) -> TriviaClientOutcome {
        switch event {
        case .received(let message, let time): received(message, at: time)
        case .answer(let choice, let time): answer(choice, at: time)
        case .useJoker: useJoker()
        case .declineJoker: declineJoker()
        case .deadlinePassed(let time): deadlinePassed(at: time)
        case .connectionLost: connectionLost()
        }
    }

    private mutating func connectionLost() -> TriviaClientOutcome {
        // After `finish` the server closes the socket; the final screen stays.
        if case .finished = state { return .nothing }
        state = .disconnected
        return .nothing
    }

    private mutating func deadlinePassed(at time: Date) -> TriviaClientOutcome {
        if case .question(let open) = state, time > open.localDeadline {
            state = .questionClosed(open)
        }
        return .nothing
    }
}
