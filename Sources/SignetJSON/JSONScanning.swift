/// Reading JSON from bytes at an offset: strings, numbers, literals and the byte-level helpers that both
/// the reader (which builds a tree) and the cursor (which keeps nothing) are built on. A conformer names
/// the path of the value it is reading, for faults.
protocol JSONScanning {
    /// The input.
    var bytes: UnsafeBufferPointer<UInt8> { get }
    /// The limits in force.
    var limits: JSONLimits { get }
    /// The next byte to read.
    var offset: Int { get set }
    /// The path of the value being read.
    func currentPath() -> JSONPath
}

extension JSONScanning {
    /// Reads a string whose opening quote is at the current byte.
    mutating func scanString() throws(JSONReadError) -> String {
        offset += 1  // the opening quote
        let start = offset
        var decoded: [UInt8] = []
        var hasEscapes = false
        while true {
            guard let byte = peek() else { throw invalid("the input ends inside a string") }
            switch byte {
            case UInt8(ascii: "\""):
                let string: String?
                if hasEscapes {
                    string = String(validating: decoded, as: UTF8.self)
                } else {
                    string = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
                }
                guard let string else {
                    throw JSONReadError(.invalid, at: currentPath(), byteOffset: start, "a string is not valid UTF-8")
                }
                offset += 1
                return string
            case UInt8(ascii: "\\"):
                try checkStringLength(from: start, decoded: decoded, hasEscapes: hasEscapes)
                if !hasEscapes {
                    hasEscapes = true
                    decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<offset]))
                }
                offset += 1
                try readEscape(into: &decoded)
            case 0..<0x20:
                throw invalid("a control character (\(Self.show(byte))) inside a string must be escaped")
            default:
                if hasEscapes { decoded.append(byte) }
                offset += 1
                if offset - start > limits.maxStringBytes {
                    try checkStringLength(from: start, decoded: decoded, hasEscapes: hasEscapes)
                }
            }
        }
    }

    /// Refuses a string past ``JSONLimits/maxStringBytes`` (checked as it grows).
    private func checkStringLength(from start: Int, decoded: [UInt8], hasEscapes: Bool) throws(JSONReadError) {
        let length = hasEscapes ? decoded.count : offset - start
        guard length > limits.maxStringBytes else { return }
        throw JSONReadError(.stringTooLong(limit: limits.maxStringBytes), at: currentPath(), byteOffset: start,
                            "a string is longer than \(limits.maxStringBytes) bytes")
    }

    /// Reads the escape after a backslash and appends its UTF-8 bytes.
    private mutating func readEscape(into decoded: inout [UInt8]) throws(JSONReadError) {
        guard let byte = peek() else { throw invalid("the input ends inside a string") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalarValue = try readHex4()
            if (0xD800...0xDBFF).contains(scalarValue) {
                guard peek() == UInt8(ascii: "\\"), peek(at: 1) == UInt8(ascii: "u") else {
                    throw invalid("a high surrogate escape is not followed by a low surrogate escape")
                }
                offset += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw invalid("a high surrogate escape is not followed by a low surrogate escape")
                }
                scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw invalid("a lone surrogate escape (\\u\(String(scalarValue, radix: 16))) is not a character")
            }
            UTF8.encode(scalar) { decoded.append($0) }
        default:
            offset -= 1
            throw invalid("\\\(Self.show(byte)) is not a JSON escape")
        }
    }

    private mutating func readHex4() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw invalid("the input ends inside a \\u escape") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw invalid("\\u must be followed by four hex digits")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// Reads a number by the JSON grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; an
    /// integer that fits `Int` stays exact.
    mutating func scanNumber() throws(JSONReadError) -> JSONValue {
        let start = offset
        var isInteger = true
        if peek() == UInt8(ascii: "-") { offset += 1 }
        if peek() == UInt8(ascii: "0") {
            offset += 1
        } else {
            guard skipDigits() > 0 else { throw invalid("a number needs digits") }
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard skipDigits() > 0 else { throw invalid("a number needs digits after \".\"") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() > 0 else { throw invalid("a number needs digits in its exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let number = Double(text), number.isFinite else {
            // At most 40 characters of it: the number may be megabytes of digits.
            let quoted = text.count > 40 ? "\(text.prefix(40))… (\(text.utf8.count) bytes)" : text
            throw JSONReadError(.invalid, at: currentPath(), byteOffset: start, "\(quoted) is not a finite number")
        }
        return .number(number)
    }

    private mutating func skipDigits() -> Int {
        let start = offset
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
        return offset - start
    }

    /// Reads `literal` (`true`, `false` or `null`) or fails.
    mutating func expectLiteral(_ literal: StaticString) throws(JSONReadError) {
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            offset + count <= bytes.count && expected.elementsEqual(bytes[offset..<offset + count])
        }
        guard matches else { throw invalid("expected \(literal)") }
        offset += count
    }

    // MARK: - Bytes

    func peek(at distance: Int = 0) -> UInt8? {
        offset + distance < bytes.count ? bytes[offset + distance] : nil
    }

    mutating func skipWhitespace() {
        while let byte = peek(),
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
        {
            offset += 1
        }
    }

    func invalid(_ message: String) -> JSONReadError {
        JSONReadError(.invalid, at: currentPath(), byteOffset: offset, message)
    }

    /// A byte as people read it: `"x"` for printable ASCII, `0xNN` otherwise.
    static func show(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "\"\(Character(Unicode.Scalar(byte)))\"" : "0x" + String(byte, radix: 16)
    }
}
