/// The one sanitiser for text the command does not control (whatever a server sent, whatever a file held)
/// before it reaches a terminal, a pipe or a log.
///
/// It replaces every character that could move the cursor, recolour or retitle the terminal, ring its bell,
/// fake a new line or reorder what is shown, with a visible escape in Swift's spelling, `\u{1B}`:
///
/// - C0 controls U+0000–U+001F (NUL, BEL, TAB, LF, CR, ESC …) and DEL U+007F;
/// - C1 controls U+0080–U+009F (some terminals obey U+009B as CSI and U+009D as OSC);
/// - the bidirectional embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, and the
///   invisible direction marks U+061C, U+200E, U+200F ("Trojan Source" reordering);
/// - the line and paragraph separators U+2028 and U+2029 (some viewers break lines at them).
///
/// So a nickname of `Ann`, ESC, `[31m` and BEL prints as `Ann\u{1B}[31m\u{7}`, and a message with a line feed
/// before `error: forged` stays on one line as `ok\u{A}error: forged`. A backslash itself is left alone: the
/// escape is for reading, and a server that sends the six characters `\u{1B}` gains nothing by it.
///
/// Output goes through ``Terminal`` and ``printError(_:)``, which apply this to whole lines as a backstop
/// (keeping only the styles ``Terminal/styled(_:_:)`` made, on a rich terminal); every untrusted value is
/// also escaped where it is interpolated, with ``Swift/StringProtocol/terminalSafe``, so no style can be
/// forged inside it. `--json` output is JSON-escaped instead (see ``Terminal/printJSON(_:)``).
enum TerminalText {
    /// `text` with every character ``isUnsafe(_:)`` reports replaced by its `\u{…}` escape.
    static func escaping(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) { result += escape(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// Like ``escaping(_:)``, but keeps the colour sequences ``Terminal/styled(_:_:)`` writes (`ESC [`
    /// digits and semicolons `m`), the only escape codes a line may carry on a rich terminal. Any other
    /// sequence (cursor movement, erasing, OSC titles and hyperlinks) and any lone ESC is escaped.
    static func escapingKeepingStyles(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: isUnsafe) else { return text }
        var result = ""
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = styleSequenceEnd(in: scalars, from: index) {
                result.unicodeScalars.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            if isUnsafe(scalar) { result += escape(scalar) } else { result.unicodeScalars.append(scalar) }
            index += 1
        }
        return result
    }

    /// Whether `scalar` must not reach a terminal as it is.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `\u{1B}`: hexadecimal, upper case, no leading zeros, as Swift writes the literal.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// The index of the `m` closing an SGR sequence `ESC [ [0-9;]* m` that starts at `start`, or nil.
    private static func styleSequenceEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 1
        guard index < scalars.count, scalars[index] == "[" else { return nil }
        index += 1
        while index < scalars.count {
            switch scalars[index] {
            case "0"..."9", ";": index += 1
            case "m": return index
            default: return nil
            }
        }
        return nil
    }
}

extension StringProtocol {
    /// This text made safe to print: ``TerminalText/escaping(_:)``. Use it on every value that came from a
    /// server or a file before it is interpolated into output.
    var terminalSafe: String { TerminalText.escaping(self) }
}
