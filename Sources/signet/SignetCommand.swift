import ArgumentParser
import Foundation
import Logging

/// `signet`: sign and verify GameSystem requests, check test vectors, and talk to the Signet services.
@main
struct SignetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signet",
        abstract: "Request-signing API client SDK: signing, vectors, and the Signet services.",
        discussion: """
            Secrets are never command-line arguments: they come from environment variables or files.
            Exit status: 0 success, 1 a failure explained on stderr, 64 and up for usage errors.
            """,
        subcommands: [
            DemoCommand.self, PlayerCommand.self, EventCommand.self, AvatarCommand.self, ConditionsCommand.self,
            WorldsCommand.self, PuzzleCommand.self, TriviaCommand.self,
            SignCommand.self, VectorsCommand.self,
        ]
    )

    /// Sets up logging before any command runs: to stderr, at `warning` unless `SIGNET_LOG_LEVEL` says
    /// otherwise (trace, debug, info, notice, warning, error, critical), so stdout carries only results.
    static func main() async {
        let level = ProcessInfo.processInfo.environment["SIGNET_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
