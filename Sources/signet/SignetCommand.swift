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
            PlaygroundCommand.self, SignCommand.self, VectorsCommand.self, DoctorCommand.self,
        ]
    )

    /// Sets up logging before any command runs: to stderr, at `warning` unless `SIGNET_LOG_LEVEL` says
    /// otherwise (trace, debug, info, notice, warning, error, critical), so stdout carries only results.
    /// Log lines go through ``TerminalLogHandler``, so they are escaped like every other line of output.
    ///
    /// Parsing errors, help and completion scripts are ArgumentParser's own output about the user's own
    /// command line (no server or file text can be in them) and it prints them; anything a command throws
    /// is printed here through ``printError(_:)``.
    static func main() async {
        let level = ProcessInfo.processInfo.environment["SIGNET_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        LoggingSystem.bootstrap { label in TerminalLogHandler(label: label, level: level) }
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                var command = command
                try command.run()
            }
        } catch let code as ExitCode {
            exit(withError: code)
        } catch where isArgumentParserExit(error) {
            // `signet help`, bare `signet` and `--help` reach here as errors thrown by run() (ArgumentParser's
            // help command and a command group's default run): ArgumentParser prints them, with status 0.
            exit(withError: error)
        } catch {
            printError("error: \(error)")
            exit(withError: ExitCode.failure)
        }
    }

    /// Whether `error` is ArgumentParser's way of ending a run (help, a version, a usage problem) rather than
    /// a command's failure: its exit code is success or a usage error, never the failure status 1.
    static func isArgumentParserExit(_ error: any Error) -> Bool {
        error is CleanExit || error is ValidationError || exitCode(for: error) != .failure
    }
}
