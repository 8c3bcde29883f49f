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
    struct Report: Encodable {
        let event: String
        let message: String
        let pointsAwarded: Int
        let achievementsAwarded: [String]
        let pointsBefore: Int
        let pointsAfter: Int
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
                pointsBefore: before.totalPoints, pointsAfter: after.totalPoints))
        }
        terminal.line("\(terminal.styled(name.terminalSafe, .bold)): \(result.message.terminalSafe)")
        if progress.totalPointsDelta != 0 {
            let from = before.totalPoints, to = after.totalPoints
            let steps = min(abs(to - from), 20)
            let frames = (0...steps).map { step -> String in
                let value = from + (to - from) * step / max(steps, 1)
                return "  points " + terminal.styled("\(value)", .yellow, .bold)
            }
            await terminal.animate(frames + ["  points " + terminal.styled("\(to)", .yellow, .bold)
                                             + terminal.styled("  (+\(progress.totalPointsDelta))", .green)])
        }
        for achievement in progress.newAchievements {
            await terminal.animate(unlockFrames(achievement.name, terminal: terminal), frameDuration: .milliseconds(90))
        }
        if progress.totalPointsDelta == 0 && progress.newAchievements.isEmpty {
            terminal.line("  nothing new was awarded")
        }
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
