import Foundation
import Logging
import NIOSSL
import Signet
import SignetTrivia
import WSClient

/// One user's live game over the `/trivia/play` WebSocket: it feeds every server frame to a
/// `TriviaClientMachine`, sends what the machine says to send, closes questions at their local
/// deadline, and reports everything, in order, on ``events``.
///
/// The machine stays pure; this actor is only the I/O around it. A socket that ends before `finish`
/// ends the connection with `TriviaConnectionError/connectionLost(reason:)`. No server can hold it
/// forever (``TriviaConnectionLimits``): it pings the server, gives up on one that sends nothing for
/// too long (`TriviaConnectionError/serverSilent(phase:waited:limit:)`) or whose game never ends
/// (`TriviaConnectionError/gameTooLong(_:)`), and after `finish` closes the socket itself.
///
/// ```swift
/// let connection = try await TriviaConnection.open(baseURL: url, user: "ann", jokers: 1)
/// for await event in connection.events {
///     if case .handled(_, _, let machine) = event, machine.canAnswer { _ = await connection.answer(2) }
///     if case .ended(let end) = event { print(end) }
/// }
/// ```
public actor TriviaConnection {
    /// Everything that happens, in order; ends after ``TriviaConnectionEvent/ended(_:)``. One consumer. At most
    /// 4,096 events wait to be read: a server that sends faster than they are read ends the connection
    /// (`connectionLost`), its end still the last event.
    public nonisolated let events: AsyncStream<TriviaConnectionEvent>
    /// The user this connection plays as.
    public nonisolated let user: String
    /// The bounds on waiting for the server.
    public nonisolated let limits: TriviaConnectionLimits
    /// The client state machine, as it is now.
    public internal(set) var machine: TriviaClientMachine
    /// How the connection ended; nil while it is open.
    public private(set) var end: TriviaConnectionEnd?

    let eventSink: AsyncStream<TriviaConnectionEvent>.Continuation
    let now: @Sendable () -> Date
    var outbound: WebSocketOutboundWriter?
    var opening: CheckedContinuation<Result<Void, TriviaConnectionError>, Never>?
    private var endWaiters: [CheckedContinuation<TriviaConnectionEnd, Never>] = []
    var socketTask: Task<Void, Never>?
    var deadlineTask: Task<Void, Never>?
    var watchdogTask: Task<Void, Never>?
    private var closeRequested = false
    /// What the watchdog knows: when connecting started (then: when the socket opened), the last server
    /// frame arrived, the open
    /// question closes and `finish` arrived (all by the monotonic clock), and how many questions came.
    var openedAt = ContinuousClock.now
    var lastFrameAt = ContinuousClock.now
    var questionClosesAt: ContinuousClock.Instant?
    var finishedAt: ContinuousClock.Instant?
    var questionCount = 0

    private init(user: String, jokers: Int, limits: TriviaConnectionLimits, now: @escaping @Sendable () -> Date) {
        self.user = user
        self.machine = TriviaClientMachine(jokers: jokers)
        self.limits = limits.effective
        self.now = now
        (events, eventSink) = AsyncStream.makeStream(bufferingPolicy: .bufferingOldest(Self.maximumUnreadEvents))
    }

    /// The most events held for an app that has not read them. A server that sends faster than the app reads
    /// (a flood of messages) ends the connection before it is reached, rather than fill memory.
    static let maximumUnreadEvents = 4_096
    /// Places kept free for the events that end the connection (the machine's and `ended`).
    private static let reservedEvents = 4
    /// Set once the unread events ended the connection, so that the events of its end do not end it again.
    private var unreadOverflow = false

    /// Hands `event` to the app. When the app has left the buffer all but full, the connection ends
    /// (`connectionLost`), its last events in the places kept for them.
    func emit(_ event: TriviaConnectionEvent) {
        guard case .enqueued(let remaining) = eventSink.yield(event), remaining <= Self.reservedEvents,
              end == nil, !unreadOverflow else { return }
        unreadOverflow = true
        giveUp(.connectionLost(reason: "the server sent faster than the app read: \(Self.maximumUnreadEvents - remaining) events unread"))
    }

    /// Connects `user` to the game of the server at `baseURL` and returns once the WebSocket is open.
    /// - Parameters:
    ///   - baseURL: the server's base URL (`http`/`https`; the socket uses `ws`/`wss` at `/trivia/play`).
    ///   - user: the user name to join as.
    ///   - jokers: what `GET /trivia/jokers` answered (the server's `welcome` updates it).
    ///   - limits: how long to wait for the server (``TriviaConnectionLimits/standard`` by default).
    ///   - logger: where connection events are logged (nowhere by default).
    ///   - now: the clock for answer times and local deadlines.
    /// - Throws: `TriviaConnectionError` when the address or user is invalid, the upgrade fails, or the
    ///   server does not complete it within ``TriviaConnectionLimits/openTimeout``.
    public static func open(
        baseURL: URL, user: String, jokers: Int = 0, limits: TriviaConnectionLimits = .standard,
        logger: Logger = Logger(label: "signet.trivia", factory: { _ in SwiftLogNoOpLogHandler() }),
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws(TriviaConnectionError) -> TriviaConnection {
        let url = try TriviaClient.playURL(baseURL: baseURL, user: user)
        let connection = TriviaConnection(user: user, jokers: jokers, limits: limits, now: now)
        try await connection.connect(url: url.absoluteString, logger: logger).get()
        return connection
    }

    /// Answers the open question with `choice`; the machine refuses it when it may not be sent.
    @discardableResult
    public func answer(_ choice: Int) async -> TriviaClientOutcome {
        await apply(.answer(choice: choice, at: now()))
    }

    /// Accepts the joker offer: sends `use-joker`.
    @discardableResult
    public func useJoker() async -> TriviaClientOutcome { await apply(.useJoker) }

    /// Declines the joker offer: the user watches from now on (nothing is sent).
    @discardableResult
    public func declineJoker() async -> TriviaClientOutcome { await apply(.declineJoker) }

    /// Sends `message` as it is, bypassing the state machine: for tools and tests that exercise the
    /// server's own checks (a late answer, a second joker).
    public func sendUnchecked(_ message: TriviaClientMessage) async throws(TriviaConnectionError) {
        try await sendUnchecked(text: message.jsonText)
    }

    /// Sends `text` as one text frame, bypassing the state machine (malformed input on purpose).
    public func sendUnchecked(text: String) async throws(TriviaConnectionError) {
        if case .failed(let error) = end { throw error }
        guard await write(text) else { throw .connectionLost(reason: "the frame could not be sent") }
    }

    /// Leaves the game: sends a WebSocket close and waits for the socket to end, at most
    /// ``TriviaConnectionLimits/closeTimeout`` for the server's answer. A connection closed before
    /// `finish` ends with `TriviaConnectionError/closedByClient`.
    public func close() async {
        guard end == nil else { return }
        closeRequested = true
        if let outbound { try? await outbound.close(.normalClosure, reason: "leaving") }
        // swift-websocket drops the socket after closeTimeout; this is the fallback if it does not.
        let socket = socketTask
        let fallback = Task { [limits] in
            try? await Task.sleep(for: limits.closeTimeout + .seconds(1))
            socket?.cancel()
        }
        _ = await ended()
        fallback.cancel()
    }

    /// Waits until the connection ends and says how.
    public func ended() async -> TriviaConnectionEnd {
        if let end { return end }
        return await withCheckedContinuation { endWaiters.append($0) }
    }

    /// Waits for the end of the game and returns the final standings.
    /// - Throws: `TriviaConnectionError` when the socket ended before `finish`.
    public func standings() async throws(TriviaConnectionError) -> [TriviaStanding] {
        switch await ended() {
        case .finished(let standings): return standings
        case .failed(let error): throw error
        }
    }

    // MARK: - The socket

    private func connect(url: String, logger: Logger) async -> Result<Void, TriviaConnectionError> {
        await withCheckedContinuation { continuation in
            opening = continuation
            openedAt = .now
            lastFrameAt = openedAt
            socketTask = Task { await self.runSocket(url: url, logger: logger) }
            restartWatchdog()
        }
    }

    private nonisolated func runSocket(url: String, logger: Logger) async {
        let limit = Self.socketReadLimit
        let cause = TriviaSocketEndCause(limit: limit)
        do {
            guard let parsed = URL(string: url), let target = TriviaSocketChannel.Target(parsed) else {
                throw TriviaSocketError.invalidURL(url)
            }
            let channel = TriviaSocketChannel(
                target: target, maxFrameSize: limit, closeTimeout: limits.closeTimeout,
                autoPing: .enabled(timePeriod: limits.pingInterval),
                sslContext: target.usesTLS ? try NIOSSLContext(configuration: .makeClientConfiguration()) : nil,
                cause: cause
            ) { inbound, outbound, _ in
                await self.attach(outbound)
                do {
                    for try await message in inbound.messages(maxSize: limit) {
                        // After `finish` (or once the connection has ended) stop reading: returning closes the socket.
                        guard await self.receive(message) else { break }
                    }
                } catch {
                    cause.record(readError: error)
                    throw error
                }
            }
            let closeFrame = try await ClientConnection(
                channel, address: .hostname(target.host, port: target.port), logger: logger
            ).run()
            let reason = cause.reason
                ?? closeFrame.map { "the server closed the socket (\($0.closeCode))" }
                ?? "the socket closed without a close frame"
            await socketEnded(url: url, reason: reason)
        } catch {
            await socketEnded(url: url, reason: cause.reason ?? String(describing: error))
        }
    }

    /// The most the socket reads as one frame or one message: the HTTP transports' response limit. A
    /// server need not split a long message into frames; one within this but over
    /// ``TriviaMessageLimits/serverMessages`` is reported undecodable (naming that limit) and ignored,
    /// and one over this ends the connection.
    static let socketReadLimit = SignetClient.defaultMaxResponseBytes

    private func attach(_ writer: WebSocketOutboundWriter) {
        outbound = writer
        openedAt = .now  // the game's time counts from here; the upgrade had its own bound
        lastFrameAt = openedAt
        opening?.resume(returning: .success(()))
        opening = nil
        restartWatchdog()
    }

    /// Handles one server message; false when no more should be read.
    private func receive(_ message: WebSocketMessage) -> Bool {
        guard end == nil else { return false }
        // One reading of each clock for this message: a question's time left is measured from the wall-clock
        // reading its local deadline was made from, and counted on the monotonic clock from this arrival. A
        // second wall-clock reading further down, taken after a stall, shortened the silence allowed.
        lastFrameAt = .now
        let receivedAt = now()
        guard case .text(let text) = message else {
            // Every message is one text frame (as the server answers a client's binary frame).
            emit(.undecodable(.wrongType(path: "message", expected: "a text frame", found: "a binary frame")))
            restartWatchdog()
            return true
        }
        let limit = TriviaMessageLimits.serverMessages.maxBytes
        guard text.utf8.count <= limit else {
            emit(.undecodable(.tooLarge(byteCount: text.utf8.count, limit: limit)))
            restartWatchdog()
            return true
        }
        do {
            let decoded = try TriviaServerMessage.decode(bytes: Array(text.utf8))
            handle(.received(decoded, at: receivedAt))
            if case .question = decoded {
                questionCount += 1
                if questionCount > limits.maximumQuestions {
                    giveUp(.gameTooLong(.questions(limit: limits.maximumQuestions)))
                    return false
                }
            }
        } catch {
            emit(.undecodable(error))
        }
        switch machine.state {
        case .question(let open):
            scheduleDeadline(open.localDeadline)
            let remaining = open.localDeadline.timeIntervalSince(receivedAt)
            questionClosesAt = lastFrameAt + .clamped(seconds: remaining, atMost: limits.maximumGameDuration)
        case .finished:
            finishedAt = lastFrameAt
        default:
            break
        }
        restartWatchdog()
        if case .finished = machine.state { return false }
        return true
    }

    private func socketEnded(url: String, reason: String) {
        deadlineTask?.cancel()
        watchdogTask?.cancel()
        outbound = nil
        if let opening {
            self.opening = nil
            opening.resume(returning: .failure(.connectFailed(url: url, reason: reason)))
            finish(.failed(.connectFailed(url: url, reason: reason)))
            return
        }
        if case .finished(let standings) = machine.state {
            finish(.finished(standings: standings))
        } else if closeRequested {
            finish(.failed(.closedByClient))
        } else {
            handle(.connectionLost)
            finish(.failed(.connectionLost(reason: reason)))
        }
    }

    func finish(_ result: TriviaConnectionEnd) {
        guard end == nil else { return }
        end = result
        deadlineTask?.cancel()
        eventSink.yield(.ended(result))
        eventSink.finish()
        for waiter in endWaiters { waiter.resume(returning: result) }
        endWaiters = []
    }

    // MARK: - The machine

    /// Applies `event`, reports it unless refused, and sends what the machine asks for.
    private func apply(_ event: TriviaClientEvent) async -> TriviaClientOutcome {
        let outcome = handle(event)
        for message in outcome.send { _ = await write(message.jsonText) }
        return outcome
    }

    @discardableResult
    func handle(_ event: TriviaClientEvent) -> TriviaClientOutcome {
        let outcome = machine.handle(event)
        let isIntent: Bool = switch event {
        case .answer, .useJoker, .declineJoker: true
        case .received, .deadlinePassed, .connectionLost: false
        }
        if end == nil, !(isIntent && outcome.refusal != nil) {
            emit(.handled(event, outcome: outcome, machine: machine))
        }
        return outcome
    }

    private func write(_ text: String) async -> Bool {
        guard let outbound else { return false }
        do {
            try await outbound.writeTextMessage(text)
            return true
        } catch {
            return false
        }
    }
}
