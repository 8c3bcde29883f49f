/// JSON-style quoting for strings shown to people: in pseudocode and in paths.
enum QuotedString {
    /// `text` in double quotes, with `"` and `\` escaped and control characters
    /// written as `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX`. Everything else is kept
    /// as it is, so non-ASCII text stays readable.
    static func quote(_ text: String) -> String {
        var quoted = "\""
        quoted.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case "\u{08}": quoted += "\\b"
            case "\u{0C}": quoted += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                quoted.unicodeScalars.append(scalar)
            }
        }
        quoted += "\""
        return quoted
    }
}
