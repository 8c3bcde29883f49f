import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where output goes and how rich it may be: colour and animation only on a terminal, and never
/// with `NO_COLOR` set or `--json` (then no escape code is written at all).
///
/// Every byte the command writes to stdout goes through this type (``line(_:)``, ``write(_:)``,
/// ``rewriteLineStart(_:)``, ``animate(_:frameDuration:)``, ``printJSON(_:)``), and every byte to stderr
/// through ``printError(_:)``. As a backstop behind the escaping of each untrusted value, a plain line has
/// every control character escaped (``TerminalText/escaping(_:)``), and a rich line keeps only the colour
/// sequences of ``styled(_:_:)``; the cursor codes are written by this type alone.
struct Terminal: Sendable {
    /// Colour and animation allowed.
    let rich: Bool

    /// A terminal for stdout: rich unless `json`, stdout is not a terminal, `NO_COLOR` is set or `TERM=dumb`.
    init(json: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) {
        rich = !json && isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// ANSI styles used by the commands.
    enum Style: String {
        case bold = "1", dim = "2", reverse = "7", red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36"
    }

    /// `text` in `style` when rich, plain otherwise. Escape untrusted parts of `text` first (``Swift/StringProtocol/terminalSafe``).
    func styled(_ text: String, _ styles: Style...) -> String {
        guard rich, !styles.isEmpty else { return text }
        return "\u{1B}[" + styles.map(\.rawValue).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }

    /// Prints one line (a newline inside `text` is escaped, never written).
    func line(_ text: String = "") {
        StandardStream.output.write(safe(text) + "\n")
    }

    /// Writes part of a line, without a newline (an answer prompt the user types after).
    func write(_ fragment: String) {
        StandardStream.output.write(safe(fragment))
    }

    /// Rich only: redraws the start of the current line with `text` and puts the cursor back where it was
    /// (a countdown in front of a prompt the user is typing into). Does nothing on a plain terminal.
    func rewriteLineStart(_ text: String) {
        guard rich else { return }
        StandardStream.output.write("\u{1B}7\r" + safe(text) + "\u{1B}8")
    }

    /// Shows `frames` in place on one line (rich only), ending on the last one; plain prints just the last.
    func animate(_ frames: [String], frameDuration: Duration = .milliseconds(45)) async {
        guard rich else {
            if let last = frames.last { line(last) }
            return
        }
        for (index, frame) in frames.enumerated() {
            StandardStream.output.write("\r\u{1B}[2K" + safe(frame))
            if index < frames.count - 1 { try? await Task.sleep(for: frameDuration) }
        }
        StandardStream.output.write("\n")
    }

    /// Switches to the terminal's alternate screen and hides the cursor, for a full-screen command
    /// (`signet puzzle play`); ``leaveFullScreen()`` switches back. Written whether or not colour is allowed:
    /// a full-screen command runs only on a terminal.
    func enterFullScreen() {
        StandardStream.output.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    /// Shows the cursor again and returns to the normal screen, as it was before ``enterFullScreen()``.
    func leaveFullScreen() {
        StandardStream.output.write("\u{1B}[?25h\u{1B}[?1049l")
    }

    /// Redraws the full screen with `lines` from the top left, each escaped like ``line(_:)`` and cleared to
    /// its end, and clears what is below them: one write, so the screen never shows half a frame.
    func drawScreen(_ lines: [String]) {
        let body = lines.map { safe($0) + "\u{1B}[K" }.joined(separator: "\r\n")
        StandardStream.output.write("\u{1B}[H" + body + "\u{1B}[J")
    }

    /// The backstop: plain output carries no control character at all; rich output only ``styled(_:_:)``'s colours.
    private func safe(_ text: String) -> String {
        rich ? TerminalText.escapingKeepingStyles(text) : TerminalText.escaping(text)
    }

    /// Prints an Encodable value as pretty, key-sorted JSON: the one JSON printer of the command.
    ///
    /// `JSONEncoder` escapes U+0000–U+001F inside strings; this also writes DEL, the C1 controls, the bidi
    /// controls and the line separators (``TerminalText/isUnsafe(_:)``) as `\uXXXX`, so piped JSON shown on a
    /// terminal cannot drive it either. The document decodes to the same values.
    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 1)
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x7F, TerminalText.isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        StandardStream.output.write(escaped + "\n")
    }
}

/// Writes a line to standard error with every control character escaped (``TerminalText/escaping(_:)``):
/// an `error_message` holding ESC or a newline shows as `\u{1B}` or `\u{A}`, on the one line it belongs to.
func printError(_ line: String) {
    StandardStream.error.write(TerminalText.escaping(line) + "\n")
}

/// stdout and stderr, written unbuffered (one `write` per call) so lines from different parts of a command
/// (and from the log handler) come out in the order they were made.
enum StandardStream {
    case output, error

    /// Writes `text` as UTF-8.
    func write(_ text: String) {
        let handle = self == .output ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data(text.utf8))
    }
}
