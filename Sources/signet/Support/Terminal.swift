import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where output goes and how rich it may be: colour and animation only on a terminal, and never
/// with `NO_COLOR` set or `--json` (then no escape code is written at all).
struct Terminal: Sendable {
    /// Colour and animation allowed.
    let rich: Bool

    init(json: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) {
        rich = !json && isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// ANSI styles used by the commands.
    enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36"
    }

    /// `text` in `style` when rich, plain otherwise.
    func styled(_ text: String, _ styles: Style...) -> String {
        guard rich, !styles.isEmpty else { return text }
        return "\u{1B}[" + styles.map(\.rawValue).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }

    /// Prints a line.
    func line(_ text: String = "") {
        print(text)
    }

    /// Shows `frames` in place on one line (rich only), ending on the last one; plain prints just the last.
    func animate(_ frames: [String], frameDuration: Duration = .milliseconds(45)) async {
        guard rich else {
            if let last = frames.last { print(last) }
            return
        }
        for (index, frame) in frames.enumerated() {
            FileHandle.standardOutput.write(Data(("\r\u{1B}[2K" + frame).utf8))
            if index < frames.count - 1 { try? await Task.sleep(for: frameDuration) }
        }
        FileHandle.standardOutput.write(Data("\n".utf8))
    }

    /// Prints an Encodable value as pretty, key-sorted JSON.
    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
