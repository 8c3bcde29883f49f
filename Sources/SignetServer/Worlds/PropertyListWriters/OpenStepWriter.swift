import Foundation
import Signet
import SignetWorlds

/// Writes a `PropertyListValue` as old-style (OpenStep) text, indented by four spaces per level,
/// dictionary keys in the dictionary's order.
///
/// OpenStep text has only strings, data, arrays and dictionaries, so the other kinds are written as the
/// strings a reader gets back: integers and reals in their shortest decimal form (`126`, `1.5`),
/// booleans as `YES` / `NO`, dates in ISO 8601 UTC (`"2024-05-01T12:00:00Z"`). Strings stay unquoted only
/// when every character is an ASCII letter, digit, `_`, `$` or `.`; other strings are quoted, with `"` and
/// `\` escaped, `\n` `\t` `\r` as such, other control characters as octal and non-ASCII as `\U` + four hex
/// digits (surrogate pairs above U+FFFF), so the output is pure ASCII.
struct OpenStepWriter {
    private var output: [UInt8] = []

    /// The text of `value` followed by a newline.
    static func write(_ value: PropertyListValue) throws(PropertyListError) -> [UInt8] {
        var writer = OpenStepWriter()
        try writer.write(value, indent: 0, keyPath: PropertyListPath.root)
        writer.output.append(0x0A)
        return writer.output
    }

    private mutating func write(_ value: PropertyListValue, indent: Int, keyPath: String) throws(PropertyListError) {
        switch value {
        case .string(let string): writeString(string)
        case .number(.integer(let integer)): writeString(String(integer))
        case .number(.real(let real)):
            guard real.isFinite else { throw .unsupportedValue(keyPath: keyPath, detail: "a real that is not finite") }
            writeString(String(real))
        case .bool(let bool): writeString(bool ? "YES" : "NO")
        case .date(let date): writeString(date.formatted(.iso8601))
        case .data(let data): writeData(data)
        case .array(let elements):
            guard !elements.isEmpty else { return append("()") }
            append("(\n")
            for (offset, element) in elements.enumerated() {
                appendIndent(indent + 1)
                try write(element, indent: indent + 1, keyPath: PropertyListPath.appending(index: offset, to: keyPath))
                append(offset == elements.count - 1 ? "\n" : ",\n")
            }
            appendIndent(indent)
            append(")")
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else { return append("{}") }
            append("{\n")
            for (key, entry) in dictionary {
                appendIndent(indent + 1)
                writeString(key)
                append(" = ")
                try write(entry, indent: indent + 1, keyPath: PropertyListPath.appending(key, to: keyPath))
                append(";\n")
            }
            appendIndent(indent)
            append("}")
        }
    }

    private mutating func writeString(_ string: String) {
        if !string.isEmpty, string.utf8.allSatisfy(Self.staysUnquoted) {
            output.append(contentsOf: string.utf8)
            return
        }
        output.append(UInt8(ascii: "\""))
        for unit in string.utf16 {
            switch unit {
            case 0x22: append("\\\"")
            case 0x5C: append("\\\\")
            case 0x0A: append("\\n")
            case 0x09: append("\\t")
            case 0x0D: append("\\r")
            case 0x00..<0x20, 0x7F: append("\\" + Self.padded(String(unit, radix: 8), to: 3))
            case 0x20..<0x7F: output.append(UInt8(unit))
            default: append("\\U" + Self.padded(String(unit, radix: 16, uppercase: false), to: 4))
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func writeData(_ data: Data) {
        append("<")
        for (offset, byte) in data.enumerated() {
            if offset > 0, offset % 4 == 0 { append(" ") }
            append(Self.padded(String(byte, radix: 16), to: 2))
        }
        append(">")
    }

    private mutating func append(_ text: String) { output.append(contentsOf: text.utf8) }

    private mutating func appendIndent(_ level: Int) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 4))
    }

    private static func staysUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    private static func padded(_ digits: String, to width: Int) -> String {
        String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
