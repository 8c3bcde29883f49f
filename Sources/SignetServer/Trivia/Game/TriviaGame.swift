import Foundation
import Signet
import SignetTrivia

/// The server side of one trivia game, as a pure value: every input is a method that takes the
/// current time and returns the messages to send. It reads no clock and owns no socket; the
/// reference server wraps it in an actor, feeds it WebSocket frames and calls ``tick(now:)`` at
/// ``nextDeadline``.
///
/// ```swift
/// var game = try TriviaGame(configuration: .init(seed: 7), jokers: ["ann": 1])
/// var out = game.join("ann", now: now)            // welcome
/// out += game.start(now: now)                     // first question
/// out += game.receive(text: frame, from: "ann", now: later)
/// out += game.tick(now: game.nextDeadline ?? later)
/// ```
public struct TriviaGame: Sendable {
    /// The configuration the game was made with.
    public let configuration: TriviaGameConfiguration
    /// The questions this game asks, in order, choices as sent.
    public let questions: [TriviaQuestion]
    /// Where the game is.
    public internal(set) var phase: TriviaGamePhase = .waiting
    /// Jokers owned, by user; decremented when a joker is accepted. The server persists it back.
    public internal(set) var jokers: [String: Int]
    /// Everyone who has joined, in joining order, including users who left.
    public internal(set) var participants: [TriviaParticipant] = []
    /// Users who may send `use-joker` for the question under review.
    public internal(set) var jokerOffers: Set<String> = []

    /// A game drawing its questions from the configuration's bank with its seed.
    /// - Parameters:
    ///   - configuration: the question bank, seed, timings and limits (validated here).
    ///   - jokers: jokers owned by user (users absent own none).
    public init(configuration: TriviaGameConfiguration, jokers: [String: Int]) throws(TriviaGameConfigurationError) {
        try configuration.validate()
        self.configuration = configuration
        self.questions = TriviaQuestionBank.select(configuration.questionCount, from: configuration.bank,
                                                   seed: configuration.seed)
        self.jokers = jokers
    }

    /// When the game next changes by itself (a deadline or the end of a review); nil when waiting or finished.
    /// A question's deadline is inclusive: tick at any time after it to close the question.
    public var nextDeadline: Date? {
        switch phase {
        case .asking(_, let deadline): deadline
        case .reviewing(_, let until): until
        case .waiting, .finished: nil
        }
    }

    /// The standings as they are now (the `finish` message carries them at the end).
    public var standings: [TriviaStanding] { TriviaStandings.rank(participants) }

    /// A user connects. Before the start they join as a player; afterwards as a viewer. A user who
    /// left comes back with their score and role. A user already connected gets `already-joined`.
    public mutating func join(_ user: String, now: Date) -> [TriviaDelivery] {
        var out = advance(now: now)
        let started = phase != .waiting
        let index: Int
        if let existing = participantIndex(user) {
            guard !participants[existing].connected else {
                return out + [TriviaDelivery(to: user, .error(TriviaServerError(
                    code: .alreadyJoined, message: "user \"\(user)\" is already connected to this game")))]
            }
            participants[existing].connected = true
            index = existing
        } else {
            guard participants.count < configuration.maxParticipants else {
                return out + [TriviaDelivery(to: user, .error(TriviaServerError(
                    code: .gameFull, message: "the game has its \(configuration.maxParticipants) participants; join the next one")))]
            }
            participants.append(TriviaParticipant(user: user, role: started ? .viewer : .player))
            index = participants.count - 1
        }
        let role = participants[index].role
        out.append(TriviaDelivery(to: user, .welcome(TriviaWelcome(
            user: user, role: role, jokers: jokers[user, default: 0], questionCount: questions.count, started: started))))
        switch phase {
        case .asking(let index, let deadline):
            out.append(TriviaDelivery(to: user, .question(prompt(index, deadline: deadline, role: role, now: now))))
        case .finished:
            out.append(TriviaDelivery(to: user, .finish(standings: standings)))
        case .waiting, .reviewing:
            break
        }
        return out
    }

    /// A user disconnects. The game carries on without them: they no longer hold up a question,
    /// their joker offer lapses, and they keep their place in the standings.
    public mutating func leave(_ user: String, now: Date) -> [TriviaDelivery] {
        var out = advance(now: now)
        guard let index = participantIndex(user) else { return out }
        participants[index].connected = false
        jokerOffers.remove(user)
        out += closeIfEveryoneAnswered(now: now)
        return out
    }

    /// Sends the first question. Does nothing unless the game is waiting.
    public mutating func start(now: Date) -> [TriviaDelivery] {
        guard phase == .waiting else { return [] }
        return ask(0, now: now)
    }

    /// Moves the game on to `now`: closes a question whose deadline has passed, sends the next
    /// question or `finish` when a review ends.
    public mutating func tick(now: Date) -> [TriviaDelivery] {
        advance(now: now)
    }

    /// A WebSocket text frame from `user`. A frame that does not decode gets an `error`
    /// (`malformed` or `unknown-type`) saying what was wrong and where; the game is unchanged.
    public mutating func receive(text: String, from user: String, now: Date) -> [TriviaDelivery] {
        do {
            let message = try TriviaClientMessage.decode(bytes: Array(text.utf8), limits: configuration.messageLimits)
            return receive(message, from: user, now: now)
        } catch {
            return advance(now: now) + [TriviaDelivery(to: user, .error(TriviaServerError(error)))]
        }
    }

    /// A decoded message from `user`.
    public mutating func receive(_ message: TriviaClientMessage, from user: String, now: Date) -> [TriviaDelivery] {
        var out = advance(now: now)
        guard let index = participantIndex(user), participants[index].connected else {
            return out + [TriviaDelivery(to: user, .error(TriviaServerError(
                code: .notJoined, message: "user \"\(user)\" has not joined this game")))]
        }
        switch message {
        case .answer(let questionId, let choice):
            out += answer(choice, to: questionId, by: index, now: now)
        case .useJoker(let questionId):
            out.append(TriviaDelivery(to: user, .jokerResult(useJoker(for: questionId, by: index))))
        }
        return out
    }

    func participantIndex(_ user: String) -> Int? {
        participants.firstIndex { $0.user == user }
    }
}
