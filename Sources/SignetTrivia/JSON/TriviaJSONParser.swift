/// A strict JSON parser (RFC 8259) with a nesting limit, reporting faults by byte offset.
///
/// Written for the trivia messages rather than using `JSONDecoder` so that every fault names its
/// byte offset, integers stay exact, and the depth limit holds before any recursion can go deep.
struct TriviaJSONParser {
    private let bytes: [UInt8]
    private let maxDepth: Int
    private var position = 0

    /// Parses one JSON document from `bytes`; only whitespace may follow it.
    static func parse(_ bytes: [UInt8], maxDepth: Int) throws(TriviaMessageError) -> TriviaJSONValue {
        var parser = TriviaJSONParser(bytes: bytes, maxDepth: maxDepth)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.position < bytes.count { throw parser.fault("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private func fault(_ reason: String) -> TriviaMessageError {
        .invalidJSON(byteOffset: position, reason: reason)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(TriviaMessageError) {
        guard current == byte else { throw fault("expected \(what)") }
        position += 1
    }

    private mutating func parseValue(depth: Int) throws(TriviaMessageError) -> TriviaJSONValue {
        guard let byte = current else { throw fault("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fault("expected a value")
        }
    }

    private mutating func parseLiteral(_ word: String) throws(TriviaMessageError) {
        for byte in word.utf8 {
            guard current == byte else { throw fault("expected \(word)") }
            position += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(TriviaMessageError) -> TriviaJSONValue {
        guard depth <= maxDepth else { throw .tooDeep(byteOffset: position, limit: maxDepth) }
        position += 1
        var members: [(key: String, value: TriviaJSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw fault("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after an object key")
            skipWhitespace()
            members.append((key, try parseValue(depth: depth)))
            skipWhitespace()
            if current == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: "}"), "',' or '}' in an object")
            return .object(members)
        }
    }

    private mutating func parseArray(depth: Int) throws(TriviaMessageError) -> TriviaJSONValue {
        guard depth <= maxDepth else { throw .tooDeep(byteOffset: position, limit: maxDepth) }
        position += 1
        var elements: [TriviaJSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            if current == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: "]"), "',' or ']' in an array")
            return .array(elements)
        }
    }

    private mutating func parseNumber() throws(TriviaMessageError) -> TriviaJSONValue {
        let start = position
        var isInteger = true
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else if skipDigits() == 0 {
            throw fault("expected a digit")
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard skipDigits() > 0 else { throw fault("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw fault("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let number = Double(text) else { throw .invalidJSON(byteOffset: start, reason: "number out of range") }
        return .number(number)
    }

    private mutating func skipDigits() -> Int {
        let start = position
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        return position - start
    }

    private mutating func parseString() throws(TriviaMessageError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        while true {
            guard let byte = current else { throw fault("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: try decodeRun(from: runStart))
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw fault("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: try decodeRun(from: runStart))
                position += 1
                scalars.append(try parseEscape())
                runStart = position
                continue
            }
            position += 1
        }
    }

    /// The unescaped bytes from `start` to the current position, checked to be valid UTF-8.
    private func decodeRun(from start: Int) throws(TriviaMessageError) -> String.UnicodeScalarView {
        guard start < position else { return String.UnicodeScalarView() }
        guard let text = String(validating: bytes[start..<position], as: UTF8.self) else {
            throw .invalidJSON(byteOffset: start, reason: "invalid UTF-8 in a string")
        }
        return text.unicodeScalars
    }

    private mutating func parseEscape() throws(TriviaMessageError) -> Unicode.Scalar {
        guard let byte = current else { throw fault("unterminated escape") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try parseUnicodeEscape()
        default:
            position -= 1
            throw fault("invalid escape")
        }
    }

    private mutating func parseUnicodeEscape() throws(TriviaMessageError) -> Unicode.Scalar {
        let first = try parseHex4()
        if (0xD800...0xDBFF).contains(first) {
            guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
            else { throw fault("expected a low surrogate escape") }
            position += 2
            let second = try parseHex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw fault("expected a low surrogate") }
            let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            guard let scalar = Unicode.Scalar(combined) else { throw fault("invalid surrogate pair") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else { throw fault("unpaired surrogate") }
        return scalar
    }

    private mutating func parseHex4() throws(TriviaMessageError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigit(byte) else { throw fault("expected 4 hex digits") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
