import Foundation
import SignetTrivia
import Synchronization

/// Where one connected user's messages go (JSON text, in order) until the socket's writer takes them;
/// finishing it closes the socket. At most ``maxPending`` wait: a client that reads slower than the game
/// sends (or than its own frames are answered) would otherwise hold an outbox that grows without end, so
/// past that its connection is dropped (`tooSlow`) and the user leaves the game.
final class TriviaOutbox: Sendable {
    /// The most messages one user's socket may leave unwritten.
    static let maxPending = 1_024

    /// The messages, for the socket's writer (which calls ``took()`` for each).
    let messages: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let pending = Atomic<Int>(0)
    private let overflowed = Atomic<Bool>(false)
    private let tooSlow: @Sendable () -> Void

    /// An outbox whose overflow calls `tooSlow` (which drops the connection), once.
    init(tooSlow: @escaping @Sendable () -> Void) {
        (messages, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .unbounded)
        self.tooSlow = tooSlow
    }

    /// Queues `text`; false when ``maxPending`` messages wait already: then the outbox is finished and the
    /// connection dropped, and the caller seats the user no more.
    func send(_ text: String) -> Bool {
        guard pending.add(1, ordering: .relaxed).newValue <= Self.maxPending else {
            if !overflowed.exchange(true, ordering: .relaxed) {
                continuation.finish()
                tooSlow()
            }
            return false
        }
        continuation.yield(text)
        return true
    }

    /// The writer took one message.
    func took() { pending.subtract(1, ordering: .relaxed) }

    /// No more messages: the writer closes the socket once it has sent those queued.
    func finish() { continuation.finish() }
}

/// The reference server's trivia host: the joker store, the current ``TriviaGame``, the connected
/// users and the timer that moves the game on. The game stays a pure value; this actor feeds it
/// joins, frames, leaves and clock ticks, and routes what it returns to each user's outbox.
///
/// A game starts per ``TriviaLobby``; when it has finished, the next user to join opens a new game
/// (game *n*, counting from 0, uses seed `seed + n`).
actor TriviaHall {
    typealias Outbox = TriviaOutbox

    private struct Seat {
        let id: Int
        let outbox: Outbox
    }

    private let configuration: TriviaGameConfiguration
    private let clock: TriviaGameClock
    private var jokers: [String: Int]
    private var game: TriviaGame?
    private var gamesOpened = 0
    private var seats: [String: Seat] = [:]
    private var nextSeat = 0
    private var lobbyOpenedAt: Date?
    private var timer: Task<Void, Never>?
    private var closed = false

    /// A hall for games made from `configuration`, on `clock`.
    init(configuration: TriviaGameConfiguration, clock: TriviaGameClock) {
        self.configuration = configuration
        self.clock = clock
        self.jokers = configuration.startingJokers
    }

    /// Jokers `user` owns now.
    func jokers(for user: String) -> Int { jokers[user, default: 0] }

    /// Seats `user`: sends `welcome` (and the open question, if any) to `outbox`. Returns the seat, or
    /// nil when refused (`already-joined`, `game-full`), in which case `outbox` holds the error and is finished.
    func join(_ user: String, outbox: Outbox) -> Int? {
        let now = clock.now()
        guard !closed, var current = currentGame() else {
            outbox.finish()
            return nil
        }
        let out = current.join(user, now: now)
        game = current
        let welcomed = out.contains { delivery in
            if delivery.recipient == user, case .welcome = delivery.message { return true }
            return false
        }
        if seats[user] != nil || !welcomed {
            // Refused (connected already, or the game is full): the refusal goes to this new socket, not to a
            // seated one.
            for delivery in out where delivery.recipient == user { _ = outbox.send(delivery.message.jsonText) }
            outbox.finish()
            deliver(out.filter { $0.recipient != user })
            return nil
        }
        nextSeat += 1
        seats[user] = Seat(id: nextSeat, outbox: outbox)
        deliver(out)
        settle(now: now)
        return nextSeat
    }

    /// A text frame from `user` on `seat`.
    func receive(_ text: String, from user: String, seat: Int) {
        guard seats[user]?.id == seat, var current = game else { return }
        let now = clock.now()
        let out = current.receive(text: text, from: user, now: now)
        game = current
        deliver(out)
        settle(now: now)
    }

    /// Sends `error` to `user` on `seat` without involving the game (e.g. a binary frame).
    func refuse(_ error: TriviaServerError, to user: String, seat: Int) {
        guard let current = seats[user], current.id == seat else { return }
        if !current.outbox.send(TriviaServerMessage.error(error).jsonText) { unseat(user) }
    }

    /// `user`'s socket on `seat` ended. The game carries on without them.
    func leave(_ user: String, seat: Int) {
        guard seats[user]?.id == seat else { return }
        unseat(user)
    }

    /// Takes `user`'s seat away (the socket ended, or read too slowly): the game carries on without them.
    private func unseat(_ user: String) {
        seats[user] = nil
        guard var current = game else { return }
        let now = clock.now()
        let out = current.leave(user, now: now)
        game = current
        deliver(out)
        settle(now: now)
    }

    /// Stops the timer and closes every socket (the server is stopping).
    func shutdown() {
        closed = true
        timer?.cancel()
        timer = nil
        for seat in seats.values { seat.outbox.finish() }
        seats = [:]
    }

    // MARK: - Moving the game on

    /// The game to join: the current one, or a new one when there is none or it has finished.
    private func currentGame() -> TriviaGame? {
        if let game, game.phase != .finished { return game }
        var next = configuration
        next.seed = configuration.seed &+ UInt64(gamesOpened)
        guard let made = try? TriviaGame(configuration: next, jokers: jokers) else { return nil }
        gamesOpened += 1
        lobbyOpenedAt = nil
        game = made
        return made
    }

    /// The timer fired: apply what is due, then plan the next wake-up.
    private func wake() {
        guard var current = game else { return }
        let now = clock.now()
        let out = current.tick(now: now)
        game = current
        deliver(out)
        settle(now: now)
    }

    /// Starts a waiting game when the lobby rule says so, keeps the joker store, and sets the timer.
    private func settle(now: Date) {
        guard var current = game else { return }
        if current.phase == .waiting {
            let players = current.participants.count { $0.connected && $0.role == .player }
            if players == 0 {
                lobbyOpenedAt = nil
            } else if lobbyOpenedAt == nil {
                lobbyOpenedAt = now
            }
            if let opened = lobbyOpenedAt,
               players >= configuration.lobby.playersToStart || now >= opened.addingTimeInterval(configuration.lobby.maximumWait.inSeconds) {
                lobbyOpenedAt = nil
                let out = current.start(now: now)
                game = current
                deliver(out)
            }
        }
        jokers = current.jokers
        schedule(now: now)
    }

    /// Plans one wake-up at the next deadline (just after it: deadlines are inclusive) or lobby end.
    private func schedule(now: Date) {
        timer?.cancel()
        timer = nil
        guard !closed, let current = game else { return }
        var wakeAt = current.nextDeadline.map { $0.addingTimeInterval(0.001) }
        if current.phase == .waiting, let opened = lobbyOpenedAt {
            let lobbyEnd = opened.addingTimeInterval(configuration.lobby.maximumWait.inSeconds)
            wakeAt = min(wakeAt ?? lobbyEnd, lobbyEnd)
        }
        guard let wakeAt else { return }
        let delay = max(0, wakeAt.timeIntervalSince(now))
        timer = Task {
            try? await Task.sleep(for: .milliseconds(Int((delay * 1_000).rounded(.up))))
            guard !Task.isCancelled else { return }
            self.wake()
        }
    }

    /// Sends each message to its recipient's outbox; after `finish`, closes that user's socket. A user whose
    /// outbox is full leaves the game (``TriviaOutbox``).
    private func deliver(_ deliveries: [TriviaDelivery]) {
        for delivery in deliveries {
            guard let seat = seats[delivery.recipient] else { continue }
            guard seat.outbox.send(delivery.message.jsonText) else {
                unseat(delivery.recipient)
                continue
            }
            if case .finish = delivery.message {
                seat.outbox.finish()
                seats[delivery.recipient] = nil
            }
        }
    }
}

extension Duration {
    /// The duration in seconds, as Foundation's `TimeInterval`.
    fileprivate var inSeconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
