import ArgumentParser
import Foundation
import SignetGameSystem

/// `signet event NAME`: posts an external event and shows what it changed.
struct EventCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "event",
        abstract: "Post an external event (Magic, Rainbow, …) for the player and show what it awarded.",
        discussion: "Uses the admin credentials (SIGNET_ADMIN_KEY, SIGNET_ADMIN_SECRET or --admin-secret-file).")

    @Argument(help: "The external event id, e.g. Magic or Rainbow.")
    var name: String

    @Option(name: .customLong("idempotency-key"), help: "Makes the post safe to retry: the server applies it once.")
    var idempotencyKey: String?

    @OptionGroup var options: ServiceOptions

    func run() async throws {
        try await explainingFailures {
            try await GameSystemSession.with(options, needsAdmin: true) { session in
                try await EventPresentation.post(name, idempotencyKey: idempotencyKey, session: session,
                                                 terminal: Terminal(json: options.json), json: options.json)
            }
        }
    }
}

/// Posting an event and showing it: points counting up, an achievement-unlocked animation.
enum EventPresentation {
    /// `signet event --json`. The point totals are the exact sums (``Player/exactTotalPoints``): a total
    /// that does not fit in 64 bits is left out rather than shown wrong.
    struct Report: Encodable {
        let event: String
        let message: String
        let pointsAwarded: Int
        let achievementsAwarded: [String]
        let pointsBefore: Int?
        let pointsAfter: Int?
    }

    static func post(_ name: String, idempotencyKey: String?, session: GameSystemSession, terminal: Terminal, json: Bool) async throws {
        let client = session.client
        let before = try await client.player()
        let result = try await client.postExternalEvent(name, idempotencyKey: idempotencyKey)
        let after = try await client.player()
        let progress = PlayerProgress(before: before, after: after)
        if json {
            return try Terminal.printJSON(Report(
                event: name, message: result.message, pointsAwarded: result.pointsAwarded,
                achievementsAwarded: progress.newAchievements.map(\.name),
                pointsBefore: before.exactTotalPoints, pointsAfter: after.exactTotalPoints))
        }
        terminal.line("\(terminal.styled(name.terminalSafe, .bold)): \(result.message.terminalSafe)")
        if progress.totalPointsDelta != 0 {
            // Display only, so the saturating totals (a server may send balances near Int.max).
            let to = after.totalPoints
            let frames = countUp(from: before.totalPoints, to: to).map { "  points " + terminal.styled("\($0)", .yellow, .bold) }
            let delta = progress.totalPointsDelta
            await terminal.animate(frames + ["  points " + terminal.styled("\(to)", .yellow, .bold)
                                             + terminal.styled("  (\(delta > 0 ? "+" : "")\(delta))", .green)])
        }
        for achievement in progress.newAchievements {
            await terminal.animate(unlockFrames(achievement.name, terminal: terminal), frameDuration: .milliseconds(90))
        }
        if progress.totalPointsDelta == 0 && progress.newAchievements.isEmpty {
            terminal.line("  nothing new was awarded")
        }
    }

    /// The values the points show while counting up from `from` to `to`: evenly spaced, at most
    /// `maxSteps` + 1 of them, first `from` and last `to`. Computed in 128 bits, so totals anywhere in
    /// `Int.min...Int.max` cannot overflow (the distance between them alone may not fit in an `Int`).
    static func countUp(from: Int, to: Int, maxSteps: Int = 20) -> [Int] {
        let distance = Int128(to) - Int128(from)
        let steps = Int(min(distance.magnitude, UInt128(max(maxSteps, 0))))
        guard steps > 0 else { return [to] }
        return (0...steps).map { step in Int(clamping: Int128(from) + distance * Int128(step) / Int128(steps)) }
    }

    /// A rainbow sweeping across "ACHIEVEMENT UNLOCKED", then the badge.
    static func unlockFrames(_ name: String, terminal: Terminal) -> [String] {
        let banner = Array("ACHIEVEMENT UNLOCKED")
        let colours: [Terminal.Style] = [.red, .yellow, .green, .cyan, .blue, .magenta]
        var frames: [String] = []
        if terminal.rich {
            for shift in 0..<12 {
                let text = banner.enumerated().map { index, character in
                    terminal.styled(String(character), colours[(index + shift) % colours.count], .bold)
                }.joined()
                frames.append("  ✦ " + text + " ✦")
            }
        }
        frames.append("  ★ " + terminal.styled("Achievement unlocked: \(name.terminalSafe)", .magenta, .bold) + " ★")
        return frames
    }
}
