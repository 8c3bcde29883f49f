import Foundation
import SignetTrivia

/// The connection's clocks: the local question deadline, and the watchdog that ends a connection whose
/// server is silent for too long, whose game never finishes, or which does not close after `finish`.
///
/// The watchdog is one task, restarted whenever something arrives; it sleeps until the earliest bound
/// and acts when it is past. All its times are on the monotonic clock; only the question deadline,
/// which the user sees, is on the injected `now`.
extension TriviaConnection {
    /// What the watchdog does when a bound passes.
    enum WatchdogAction {
        /// The server was silent for too long in this phase.
        case silent(TriviaConnectionPhase)
        /// The game went on past ``TriviaConnectionLimits/maximumGameDuration``.
        case gameTooLong
        /// `finish` arrived but the socket did not end: drop it and end as finished.
        case abandonSocket
    }

    /// Starts the watchdog again from the current state.
    func restartWatchdog() {
        watchdogTask?.cancel()
        guard end == nil else { return }
        watchdogTask = Task { await self.watch() }
    }

    private func watch() async {
        while end == nil, !Task.isCancelled {
            guard let (due, action) = nextBound() else { return }
            if ContinuousClock.now >= due {
                act(action)
                return
            }
            try? await Task.sleep(until: due, clock: .continuous)
        }
    }

    /// The earliest bound still ahead, and what to do when it passes; nil when nothing is awaited.
    private func nextBound() -> (due: ContinuousClock.Instant, action: WatchdogAction)? {
        if let finishedAt { return (finishedAt + limits.closeTimeout + .seconds(1), .abandonSocket) }
        if opening != nil { return (openedAt + limits.openTimeout, .silent(.opening)) }
        let gameBound = (due: openedAt + limits.maximumGameDuration, action: WatchdogAction.gameTooLong)
        guard let phase = waitingPhase else { return gameBound }
        var silentFrom = lastFrameAt
        if phase == .question, let questionClosesAt, questionClosesAt > silentFrom { silentFrom = questionClosesAt }
        let silence = (due: silentFrom + limit(for: phase), action: WatchdogAction.silent(phase))
        return silence.due < gameBound.due ? silence : gameBound
    }

    /// The silence allowed in `phase`.
    private func limit(for phase: TriviaConnectionPhase) -> Duration {
        switch phase {
        case .opening: limits.openTimeout
        case .lobby: limits.lobbyTimeout
        case .question, .review: limits.idleTimeout
        }
    }

    /// What the client waits for the server to send, by the machine's state; nil when it waits for nothing.
    private var waitingPhase: TriviaConnectionPhase? {
        switch machine.state {
        case .connecting, .waiting: return .lobby
        case .question, .answerSent, .answerReceived, .answerRefused, .questionClosed: return .question
        case .result, .jokerOffer, .jokerRequested: return .review
        case .finished, .disconnected: return nil
        }
    }

    private func act(_ action: WatchdogAction) {
        switch action {
        case .silent(let phase):
            let waited = ContinuousClock.now - lastFrameAt
            giveUp(.serverSilent(phase: phase, waited: Self.milliseconds(waited), limit: limit(for: phase)))
        case .gameTooLong:
            giveUp(.gameTooLong(.duration(limit: limits.maximumGameDuration)))
        case .abandonSocket:
            socketTask?.cancel()
            if case .finished(let standings) = machine.state { finish(.finished(standings: standings)) }
        }
    }

    /// Ends the connection with `error` now, and drops the socket (a silent server may never answer a close).
    func giveUp(_ error: TriviaConnectionError) {
        guard end == nil else { return }
        watchdogTask?.cancel()
        if let opening {
            self.opening = nil
            opening.resume(returning: .failure(error))
        } else {
            handle(.connectionLost)
        }
        finish(.failed(error))
        let outbound = outbound, socket = socketTask, closeTimeout = limits.closeTimeout
        Task {
            try? await outbound?.close(.goingAway, reason: "no answer from the server")
            try? await Task.sleep(for: closeTimeout)
            socket?.cancel()
        }
    }

    // MARK: - The question's deadline

    /// Closes the question on this side once `deadline` has passed by ``now``. The wait is computed from
    /// a server-given time, so it is clamped: never negative, never more than an hour per sleep.
    func scheduleDeadline(_ deadline: Date) {
        deadlineTask?.cancel()
        let now = self.now
        deadlineTask = Task {
            while !Task.isCancelled {
                let remaining = deadline.timeIntervalSince(now())
                guard remaining >= 0 else { break }  // also ends the wait for a NaN
                try? await Task.sleep(for: .clamped(seconds: remaining, atMost: .seconds(3_600)) + .milliseconds(5))
            }
            guard !Task.isCancelled else { return }
            self.deadlinePassed()
        }
    }

    private func deadlinePassed() {
        let before = machine.state
        let event = TriviaClientEvent.deadlinePassed(at: now())
        let outcome = machine.handle(event)
        if machine.state != before, end == nil {
            emit(.handled(event, outcome: outcome, machine: machine))
        }
    }

    /// `duration` cut to whole milliseconds, for reports.
    private static func milliseconds(_ duration: Duration) -> Duration {
        let (seconds, attoseconds) = duration.components
        return .seconds(seconds) + .milliseconds(attoseconds / 1_000_000_000_000_000)
    }
}
