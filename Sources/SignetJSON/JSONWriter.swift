/// Writes JSON: compact text for a ``JSONValue`` (no spaces, members in order), and single strings quoted
/// the same way for messages and paths.
package enum JSONWriter {
    /// The compact JSON text of `value`. Non-finite numbers (which JSON cannot hold) are written as `null`.
    package static func text(of value: JSONValue) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    /// `text` as a JSON string literal: in double quotes, with `"` and `\` escaped and control characters
    /// written as `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX`. Everything else is kept as it is, so non-ASCII
    /// text stays readable.
    package static func quoted(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 2)
        writeString(text, into: &out)
        return out
    }

    private static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += String(number)
        case .number(let number): out += number.isFinite ? "\(number)" : "null"
        case .string(let string): writeString(string, into: &out)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                write(element, into: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { out += "," }
                writeString(member.key, into: &out)
                out += ":"
                write(member.value, into: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
