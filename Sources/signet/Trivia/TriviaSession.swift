import Foundation
import SignetTrivia
import SignetTriviaSocket

/// Plays one game on the terminal: shows every event of the ``TriviaConnection`` on the
/// ``TriviaScreen`` and turns typed lines (or a ``TriviaAutoPlayer``'s moves) into intents.
/// The state machine decides what is allowed; this only reads and writes.
actor TriviaSession {
    private let connection: TriviaConnection
    private let screen: TriviaScreen
    private var autoPlayer: TriviaAutoPlayer?
    private var prompt: TriviaQuestionPrompt?
    private var role: TriviaRole = .player
    private var promptOpen = false
    private var jokerOnOffer = false
    private var countdownTask: Task<Void, Never>?

    init(connection: TriviaConnection, screen: TriviaScreen, autoPlayer: TriviaAutoPlayer?) {
        self.connection = connection
        self.screen = screen
        self.autoPlayer = autoPlayer
    }

    /// Runs until the game ends, and says how it ended.
    func run() async -> TriviaConnectionEnd {
        var input: Task<Void, Never>?
        if autoPlayer == nil {
            let lines = TriviaInput.lines()
            input = Task { for await line in lines { await self.typed(line) } }
        }
        defer {
            input?.cancel()
            countdownTask?.cancel()
        }
        for await event in connection.events {
            switch event {
            case .handled(let handled, let outcome, let machine):
                await show(handled, outcome: outcome, machine: machine)
            case .undecodable(let error):
                line { $0.note("ignored a message from the server: \(String(describing: error).terminalSafe)") }
            case .ended(let end):
                stopCountdown()
                return end
            }
        }
        return await connection.ended()
    }

    private func show(_ event: TriviaClientEvent, outcome: TriviaClientOutcome, machine: TriviaClientMachine) async {
        let wasPlayer = role == .player
        switch event {
        case .received(let message, _):
            received(message, outcome: outcome, machine: machine, wasPlayer: wasPlayer)
        case .answer(let choice, _):
            line { $0.answerSent(choice, of: self.prompt) }
        case .useJoker:
            jokerOnOffer = false
            line { $0.jokerRequested() }
        case .declineJoker:
            jokerOnOffer = false
            line { $0.jokerDeclined() }
        case .deadlinePassed:
            stopCountdown()
            line { $0.timeUp() }
        case .connectionLost:
            stopCountdown()
        }
        role = machine.role
        if let move = autoPlayer?.move(for: machine) { await connection.perform(move) }
    }

    private func received(_ message: TriviaServerMessage, outcome: TriviaClientOutcome, machine: TriviaClientMachine,
                          wasPlayer: Bool) {
        switch message {
        case .welcome(let welcome):
            line { $0.welcome(welcome) }
        case .question(let question):
            stopCountdown()
            if jokerOnOffer { line { $0.viewerNotice("the joker offer lapsed: you watch the rest of the game") } }
            jokerOnOffer = false
            prompt = question
            line { $0.question(question, role: machine.role) }
            if machine.canAnswer, screen.interactive, screen.terminal.rich, !screen.quiet,
               case .question(let open) = machine.state {
                startCountdown(until: open.localDeadline, choiceCount: question.choices.count)
            }
        case .answerReceived:
            line { $0.answerReceived() }
        case .result(let result):
            stopCountdown()
            if outcome.refusal == nil {
                jokerOnOffer = machine.canUseJoker
                line { $0.result(result, prompt: self.prompt, machine: machine, wasPlayer: wasPlayer) }
            }
        case .jokerResult(let result):
            line { $0.jokerResult(result) }
        case .finish:
            stopCountdown()
        case .error(let error):
            if case .answerRefused = machine.state {
                line { $0.note("answer refused by the server: \(error.message.terminalSafe)") }
            } else {
                line { $0.note("the server refused a message: \(error.code.description.terminalSafe): \(error.message.terminalSafe)") }
            }
        }
    }

    /// A line typed by the user: y/n on a joker offer, else the number of a choice.
    private func typed(_ text: String) async {
        promptOpen = false
        let answer = text.trimmingCharacters(in: .whitespaces).lowercased()
        let machine = await connection.machine
        if machine.canUseJoker {
            switch answer {
            case "y", "yes": await connection.useJoker()
            case "n", "no": await connection.declineJoker()
            default: line { $0.note("type y to use the joker, n to watch as a viewer") }
            }
            return
        }
        // Checked before subtracting: a typed -9223372036854775808 must not trap.
        guard let number = Int(answer), number >= 1 else {
            let aboutJoker = ["y", "yes", "n", "no"].contains(answer)
            line { $0.note(aboutJoker ? "no joker is on offer now" : "type the number of a choice") }
            return
        }
        let outcome = await connection.answer(number - 1)
        if let refusal = outcome.refusal { line { $0.note("not sent: \(String(describing: refusal).terminalSafe)") } }
    }

    /// Prints through the screen, first ending an open answer prompt's line.
    private func line(_ show: (TriviaScreen) -> Void) {
        if promptOpen {
            screen.line()
            promptOpen = false
        }
        show(screen)
    }

    private func startCountdown(until deadline: Date, choiceCount: Int) {
        let left = Self.secondsLeft(until: deadline)
        screen.answerPrompt(secondsLeft: left, choiceCount: choiceCount)
        promptOpen = true
        countdownTask = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                let left = Self.secondsLeft(until: deadline)
                guard self.redraw(left), left > 0 else { return }
            }
        }
    }

    /// Whole seconds from now to `deadline`, rounded up, 0 when past. The deadline comes from the server's
    /// `remainingMs`, so the conversion is clamped instead of trapping on an absurd value.
    static func secondsLeft(until deadline: Date) -> Int {
        let seconds = deadline.timeIntervalSinceNow.rounded(.up)
        guard seconds.isFinite else { return seconds > 0 ? Int.max : 0 }
        if seconds >= Double(Int.max) { return Int.max }
        return max(0, Int(seconds))
    }

    private func redraw(_ secondsLeft: Int) -> Bool {
        guard promptOpen, !Task.isCancelled else { return false }
        screen.countdown(secondsLeft)
        return true
    }

    private func stopCountdown() {
        countdownTask?.cancel()
        countdownTask = nil
    }
}
