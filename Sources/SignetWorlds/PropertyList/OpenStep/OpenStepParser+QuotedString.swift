/// Quoted strings and their escapes; see `OpenStepParser` for the rules.
extension OpenStepParser {
    /// A `"…"` or `'…'` string starting at `index`, escapes resolved, checked to be valid UTF-8.
    mutating func parseQuotedString() throws(PropertyListError) -> String {
        let start = index
        let quote = bytes[index]
        index += 1
        // Most strings have no escape: make them straight from the input, with no buffer in between.
        var end = index
        while end < bytes.count, bytes[end] != quote, bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == quote {
            guard let string = String(validating: bytes[index..<end], as: UTF8.self) else {
                throw .invalidText(at: location(start))
            }
            index = end + 1
            return string
        }
        var utf8: [UInt8] = Array(bytes[index..<end])
        index = end
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                index += 1
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw .invalidText(at: location(start))
                }
                return string
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape(into: &utf8)
            } else {
                utf8.append(byte)
                index += 1
            }
        }
        throw .unexpectedEnd(
            expected: "the closing \(quote == UInt8(ascii: "\"") ? "`\"`" : "`'`") of the string that starts at \(location(start))",
            at: location(index))
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(PropertyListError) {
        let escapeStart = index
        index += 1  // backslash
        guard index < bytes.count else {
            throw .unexpectedEnd(expected: "an escaped character after `\\`", at: location(index))
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "a"): utf8.append(0x07)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "v"): utf8.append(0x0B)
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): utf8.append(byte)
        case UInt8(ascii: "U"):
            let scalar = try parseUnicodeEscape(escapeStart: escapeStart)
            UTF8.encode(scalar) { utf8.append($0) }
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = Int(byte - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                value = value * 8 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            guard let octet = UInt8(exactly: value) else {
                throw .invalidEscape("octal `\\\(String(value, radix: 8))` is above \\377", at: location(escapeStart))
            }
            utf8.append(octet)
        default:
            let escaped = (0x21...0x7E).contains(byte) ? "`\\\(Character(Unicode.Scalar(byte)))`" : "`\\` and \(describeRawByte(byte))"
            throw .invalidEscape("\(escaped) (valid: \\n \\t \\r \\a \\b \\f \\v \\\" \\' \\\\ \\U and four hex digits, \\ooo)", at: location(escapeStart))
        }
    }

    /// `\U` then exactly four hex digits; a high surrogate must be followed by `\U` and a low surrogate.
    private mutating func parseUnicodeEscape(escapeStart: Int) throws(PropertyListError) -> Unicode.Scalar {
        let unit = try parseFourHexDigits(escapeStart: escapeStart)
        if let scalar = Unicode.Scalar(unit) { return scalar }
        guard UTF16.isLeadSurrogate(UInt16(unit)),
            index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "U")
        else {
            throw .invalidEscape("`\\U\(String(unit, radix: 16, uppercase: true))` is an unpaired surrogate", at: location(escapeStart))
        }
        let lowStart = index
        index += 2
        let low = try parseFourHexDigits(escapeStart: lowStart)
        guard UTF16.isTrailSurrogate(UInt16(low)),
            let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        else {
            throw .invalidEscape("`\\U\(String(unit, radix: 16, uppercase: true))` is not followed by a low surrogate", at: location(escapeStart))
        }
        return scalar
    }

    private mutating func parseFourHexDigits(escapeStart: Int) throws(PropertyListError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let nibble = Self.hexValue(bytes[index]) else {
                throw .invalidEscape("`\\U` needs exactly four hex digits", at: location(escapeStart))
            }
            value = value << 4 | UInt32(nibble)
            index += 1
        }
        return value
    }
}
