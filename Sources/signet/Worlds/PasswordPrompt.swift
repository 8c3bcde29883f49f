import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks for a password on the terminal with echo off, as `getpass` does but without its fixed buffer.
///
/// The prompt goes to stderr (stdout carries only results) and the answer is read from stdin, which must
/// be a terminal. Echo is restored afterwards, and also when Ctrl-C or a termination signal arrives
/// while the prompt waits, so the shell is never left without echo.
enum PasswordPrompt {
    /// Whether stdin is a terminal a prompt can read from.
    static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 }

    /// Prints `prompt`, reads one line with echo off, and returns it without its newline.
    /// - Throws: ``CommandFailure`` when the terminal cannot be set up or input ends before a line.
    static func read(_ prompt: String) throws -> String {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            throw CommandFailure("cannot read the terminal settings to prompt for the password")
        }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        terminalToRestore = original
        let previousInterrupt = signal(SIGINT, restoreTerminalAndExit)
        let previousTerminate = signal(SIGTERM, restoreTerminalAndExit)
        defer {
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            signal(SIGINT, previousInterrupt)
            signal(SIGTERM, previousTerminate)
        }
        // Echo goes off before the prompt appears, so nothing typed after it is ever shown.
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent) == 0 else {
            throw CommandFailure("cannot turn off echo to prompt for the password")
        }
        StandardStream.error.write(prompt.terminalSafe)
        let line = readLine(strippingNewline: true)
        // The newline the user typed was not echoed.
        StandardStream.error.write("\n")
        guard let line else { throw CommandFailure("no password entered (input ended)") }
        return line
    }
}

/// The terminal settings to put back if a signal ends the process during the prompt. Written once before
/// the handlers are installed, read only by them.
nonisolated(unsafe) private var terminalToRestore = termios()

/// Restores echo and exits as the signal would have (128 + its number); only async-signal-safe calls.
private func restoreTerminalAndExit(_ signalNumber: Int32) {
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &terminalToRestore)
    _exit(128 + signalNumber)
}
