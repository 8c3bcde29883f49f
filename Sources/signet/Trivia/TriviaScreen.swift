import Foundation
import SignetTrivia

/// What `signet trivia play` writes: the question and its choices, the countdown, "answer sent…",
/// the result, the joker offer, viewer mode and the final standings. Rich on a terminal (colour, a
/// live countdown); plain lines when piped; nothing but the final JSON with `--json`.
///
/// Everything the server sent (names, questions, choices, messages) is escaped (``TerminalText``), and every
/// number it sent is shown without arithmetic that could trap: a 1-based position is computed in 128 bits.
struct TriviaScreen: Sendable {
    let terminal: Terminal
    let user: String
    /// Whether the user types the answers (else a script plays).
    let interactive: Bool
    /// `--json`: only the final standings, as JSON.
    let quiet: Bool

    init(terminal: Terminal, json: Bool, user: String, interactive: Bool) {
        self.terminal = terminal
        self.quiet = json
        self.user = user
        self.interactive = interactive
    }

    /// Writes part of a line (unbuffered, so it interleaves with the countdown).
    func write(_ text: String) {
        guard !quiet else { return }
        terminal.write(text)
    }

    /// Writes one line.
    func line(_ text: String = "") {
        guard !quiet else { return }
        terminal.line(text)
    }

    /// `index + 1` as text, exact for any `Int` (the server's `Int.max` would overflow `Int`).
    static func oneBased(_ index: Int) -> String {
        String(Int128(index) + 1)
    }

    /// Whole seconds in `milliseconds`, rounded up, in integer arithmetic.
    static func seconds(roundingUp milliseconds: Int) -> Int {
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1_000)
        return quotient + (remainder > 0 ? 1 : 0)
    }

    func intro(jokers: Int, opponents: [String], server: String?) {
        line(terminal.styled("Trivia", .bold, .cyan) + " as " + terminal.styled(user.terminalSafe, .bold)
             + " — \(jokers) joker\(jokers == 1 ? "" : "s")"
             + (server.map { " — server \($0.terminalSafe)" } ?? " — embedded server"))
        if !opponents.isEmpty { line("Opponents (scripted): " + opponents.joined(separator: ", ")) }
    }

    func welcome(_ welcome: TriviaWelcome) {
        line("Joined as \(welcome.user.terminalSafe) (\(welcome.role.rawValue)), \(welcome.questionCount) questions.")
        if !welcome.started { line(terminal.styled("Waiting for the first question…", .dim)) }
        if welcome.role == .viewer { viewerNotice("the game is under way: you watch it as a viewer") }
    }

    func question(_ prompt: TriviaQuestionPrompt, role: TriviaRole) {
        line()
        line(terminal.styled("Question \(Self.oneBased(prompt.index))/\(prompt.count)", .bold, .blue) + "  "
             + terminal.styled(prompt.text.terminalSafe, .bold))
        for (index, choice) in prompt.choices.enumerated() { line("  \(index + 1)) \(choice.terminalSafe)") }
        let seconds = Self.seconds(roundingUp: prompt.remainingMilliseconds)
        if role == .viewer {
            line(terminal.styled("viewer: you watch this question (\(seconds) s)", .dim))
        } else if !interactive || !terminal.rich {
            line("\(seconds) s to answer" + (interactive ? ": type 1–\(prompt.choices.count) and Enter" : ""))
        }
    }

    /// The answer prompt with its countdown in front, `[12 s]`, redrawn in place by ``countdown(_:)``.
    func answerPrompt(secondsLeft: Int, choiceCount: Int) {
        write(countdownLabel(secondsLeft) + " your answer (1–\(choiceCount)): ")
    }

    /// Redraws the countdown at the start of the prompt line, leaving the cursor where the user types.
    func countdown(_ secondsLeft: Int) {
        guard !quiet else { return }
        terminal.rewriteLineStart(countdownLabel(secondsLeft))
    }

    private func countdownLabel(_ seconds: Int) -> String {
        let text = "[" + (seconds < 10 ? " " : "") + "\(seconds) s]"
        return terminal.styled(text, seconds <= 5 ? .red : .yellow, .bold)
    }

    func answerSent(_ choice: Int, of prompt: TriviaQuestionPrompt?) {
        let text = prompt.flatMap { $0.choices.indices.contains(choice) ? $0.choices[choice] : nil } ?? ""
        line(terminal.styled("answer sent…", .dim) + " \(Self.oneBased(choice))) \(text.terminalSafe)")
    }

    func answerReceived() { line(terminal.styled("answer received — locked until the result", .dim)) }

    func timeUp() { line(terminal.styled("time is up", .yellow)) }

    func result(_ result: TriviaResult, prompt: TriviaQuestionPrompt?, machine: TriviaClientMachine, wasPlayer: Bool) {
        let right = "\(Self.oneBased(result.correctChoice))) " + (prompt.flatMap { p in
            p.choices.indices.contains(result.correctChoice) ? p.choices[result.correctChoice] : nil } ?? "").terminalSafe
        if result.correct {
            line(terminal.styled(terminal.rich ? "✔ right" : "right", .green, .bold) + ": \(right) — score \(result.score)")
        } else if !wasPlayer {
            line("the answer was \(right)")
        } else {
            let what = result.choice == nil ? "no answer" : "wrong"
            line(terminal.styled(terminal.rich ? "✘ \(what)" : what, .red, .bold) + " — the answer was \(right) — score \(result.score)")
        }
        if machine.canUseJoker {
            let owned = "you own \(machine.jokers) joker\(machine.jokers == 1 ? "" : "s")"
            line(terminal.styled("joker offered", .magenta, .bold) + ": \(owned); use one to stay a player"
                 + (interactive ? "? [y/n]" : ""))
        } else if wasPlayer, result.role == .viewer {
            viewerNotice("you are now a viewer: you watch the rest of the game")
        }
    }

    func jokerRequested() { line(terminal.styled("joker requested…", .dim)) }

    func jokerResult(_ result: TriviaJokerResult) {
        if result.accepted {
            line(terminal.styled("joker accepted", .green, .bold) + " — you stay a player (\(result.jokers) left)")
        } else {
            line(terminal.styled("joker refused", .red, .bold) + " (\((result.reason?.rawValue ?? "no reason").terminalSafe)) — you watch as a viewer")
        }
    }

    func jokerDeclined() { viewerNotice("joker declined: you watch the rest of the game") }

    func viewerNotice(_ text: String) { line(terminal.styled(text, .magenta)) }

    func note(_ text: String) { line(terminal.styled(text, .dim)) }

    func standings(_ standings: [TriviaStanding]) {
        line()
        line(terminal.styled("Final standings", .bold))
        let width = standings.map(\.user.terminalSafe.count).max() ?? 0
        for standing in standings {
            var row = "  \(standing.rank). " + standing.user.terminalSafe.padding(toLength: width, withPad: " ", startingAt: 0)
                + "  \(standing.score)  \(standing.role.rawValue)"
            if standing.left { row += "  (left)" }
            if standing.user == user { row = terminal.styled(row + "  ← you", .bold) }
            line(row)
        }
    }

    /// `--json`: the user's line and the standings.
    func printJSON(_ standings: [TriviaStanding]) throws {
        struct Row: Encodable { let user: String; let score: Int; let role: String; let rank: Int; let left: Bool }
        struct Output: Encodable { let user: String; let score: Int?; let rank: Int?; let role: String?; let standings: [Row] }
        let mine = standings.first { $0.user == user }
        try Terminal.printJSON(Output(
            user: user, score: mine?.score, rank: mine?.rank, role: mine?.role.rawValue,
            standings: standings.map { Row(user: $0.user, score: $0.score, role: $0.role.rawValue, rank: $0.rank, left: $0.left) }))
    }
}
