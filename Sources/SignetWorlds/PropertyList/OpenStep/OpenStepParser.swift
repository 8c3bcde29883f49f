#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads old-style (OpenStep) property-list text into a `PropertyListValue`.
///
/// Grammar: dictionaries `{ key = value; … }` (the `;` after the last entry may be left out), arrays
/// `( a, b )` (a trailing `,` is allowed), quoted strings (`"…"` or `'…'`), unquoted strings of ASCII
/// letters, digits and `_$+/:.-`, and `<hex data>`; `//` and `/* */` comments anywhere between tokens.
/// Escapes in quoted strings: `\n \t \r \a \b \f \v \" \' \\`, `\U` with exactly four hex digits
/// (UTF-16; a surrogate pair takes two), and `\ooo` octal, which gives one byte of the string's UTF-8.
/// Unknown escapes, duplicate keys and anything after the root value are errors, not guessed at.
struct OpenStepParser {
    let bytes: [UInt8]
    private let limits: PropertyListLimits
    var index: Int
    private var valueCount = 0
    private let stream: PropertyListElementStream?

    /// Parses `bytes` (UTF-8, optionally starting with a byte-order mark) as one OpenStep root value.
    /// With `stream`, the root dictionary's array under `stream.key` goes to `stream` element by element.
    static func parse(
        _ bytes: [UInt8], limits: PropertyListLimits, streaming stream: PropertyListElementStream? = nil
    ) throws(PropertyListError) -> PropertyListValue {
        guard bytes.count <= limits.maximumByteCount else {
            throw .inputTooLarge(byteCount: bytes.count, limit: limits.maximumByteCount)
        }
        var parser = OpenStepParser(bytes: bytes, limits: limits, stream: stream)
        let root = try parser.parseValue(depth: 0)
        try parser.skipTrivia()
        if parser.index < bytes.count {
            throw .trailingContent(found: parser.describeByte(at: parser.index), at: parser.location(parser.index))
        }
        return root
    }

    private init(bytes: [UInt8], limits: PropertyListLimits, stream: PropertyListElementStream?) {
        self.bytes = bytes
        self.limits = limits
        self.stream = stream
        self.index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(PropertyListError) -> PropertyListValue {
        try skipTrivia()
        guard index < bytes.count else {
            throw .unexpectedEnd(expected: "a value", at: location(index))
        }
        valueCount += 1
        guard valueCount <= limits.maximumValueCount else { throw .tooManyValues(limit: limits.maximumValueCount) }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "{"): return .dictionary(try parseDictionary(depth: depth + 1))
        case UInt8(ascii: "("): return .array(try parseArray(depth: depth + 1))
        case UInt8(ascii: "<"): return .data(Data(try parseData()))
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try parseQuotedString())
        default:
            if Self.isUnquotedStringByte(byte) { return .string(parseUnquotedString()) }
            throw .unexpectedCharacter(
                found: describeByte(at: index), expected: "a value (a string, `{`, `(` or `<`)", at: location(index))
        }
    }

    private mutating func parseDictionary(depth: Int) throws(PropertyListError) -> PropertyListDictionary {
        try checkDepth(depth)
        index += 1  // {
        var dictionary = PropertyListDictionary()
        while true {
            try skipTrivia()
            guard index < bytes.count else { throw .unexpectedEnd(expected: "a key or `}`", at: location(index)) }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return dictionary
            }
            let keyStart = index
            let key = try parseKey()
            if dictionary[key] != nil { throw .duplicateKey(key, at: location(keyStart)) }
            guard dictionary.count < limits.maximumKeysPerDictionary else {
                throw .tooManyKeys(limit: limits.maximumKeysPerDictionary, at: location(keyStart), offset: nil)
            }
            try expect(UInt8(ascii: "="), expected: "`=` after the key \"\(key)\"")
            if depth == 1, let stream, key == stream.key, try nextIsArray() {
                valueCount += 1
                guard valueCount <= limits.maximumValueCount else { throw .tooManyValues(limit: limits.maximumValueCount) }
                stream.begin()
                _ = try parseArray(depth: depth + 1, streamingTo: stream)
                dictionary[key] = .array([])
            } else {
                dictionary[key] = try parseValue(depth: depth)
            }
            try skipTrivia()
            guard index < bytes.count else {
                throw .unexpectedEnd(expected: "`;` or `}` after the value of \"\(key)\"", at: location(index))
            }
            switch bytes[index] {
            case UInt8(ascii: ";"): index += 1
            case UInt8(ascii: "}"): continue
            default:
                throw .unexpectedCharacter(
                    found: describeByte(at: index), expected: "`;` or `}` after the value of \"\(key)\"",
                    at: location(index))
            }
        }
    }

    private mutating func parseKey() throws(PropertyListError) -> String {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try parseQuotedString() }
        if Self.isUnquotedStringByte(byte) { return parseUnquotedString() }
        throw .unexpectedCharacter(
            found: describeByte(at: index), expected: "a dictionary key (a string) or `}`", at: location(index))
    }

    /// Whether the next value (after trivia) is an array.
    private mutating func nextIsArray() throws(PropertyListError) -> Bool {
        try skipTrivia()
        return index < bytes.count && bytes[index] == UInt8(ascii: "(")
    }

    /// The array's elements; with `stream`, each element goes to it instead and the result is empty.
    private mutating func parseArray(
        depth: Int, streamingTo stream: PropertyListElementStream? = nil
    ) throws(PropertyListError) -> [PropertyListValue] {
        try checkDepth(depth)
        index += 1  // (
        var elements: [PropertyListValue] = []
        var count = 0
        while true {
            try skipTrivia()
            guard index < bytes.count else { throw .unexpectedEnd(expected: "a value or `)`", at: location(index)) }
            if bytes[index] == UInt8(ascii: ")") {
                index += 1
                return elements
            }
            let element = try parseValue(depth: depth)
            if let stream { stream.receive(count, element) } else { elements.append(element) }
            count += 1
            try skipTrivia()
            guard index < bytes.count else { throw .unexpectedEnd(expected: "`,` or `)`", at: location(index)) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: ")"): continue
            default:
                throw .unexpectedCharacter(
                    found: describeByte(at: index), expected: "`,` or `)` after an array element", at: location(index))
            }
        }
    }

    private mutating func parseData() throws(PropertyListError) -> [UInt8] {
        let start = index
        index += 1  // <
        var data: [UInt8] = []
        var pendingHighNibble: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                guard pendingHighNibble == nil else {
                    throw .unexpectedCharacter(
                        found: "`>`", expected: "a second hex digit (data needs an even number of digits)",
                        at: location(index))
                }
                index += 1
                return data
            }
            if Self.isWhitespace(byte) {
                index += 1
                continue
            }
            guard let nibble = Self.hexValue(byte) else {
                throw .unexpectedCharacter(found: describeByte(at: index), expected: "a hex digit or `>`", at: location(index))
            }
            if let high = pendingHighNibble {
                data.append(high << 4 | nibble)
                pendingHighNibble = nil
            } else {
                pendingHighNibble = nibble
            }
            index += 1
        }
        throw .unexpectedEnd(expected: "`>` closing the data that starts at \(location(start))", at: location(index))
    }

    private mutating func parseUnquotedString() -> String {
        let start = index
        while index < bytes.count, Self.isUnquotedStringByte(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    // MARK: Trivia and helpers

    private mutating func skipTrivia() throws(PropertyListError) {
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isWhitespace(byte) {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = index
                index += 2
                while true {
                    guard index + 1 < bytes.count else {
                        index = bytes.count
                        throw .unexpectedEnd(expected: "`*/` closing the comment that starts at \(location(start))", at: location(index))
                    }
                    if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                        index += 2
                        break
                    }
                    index += 1
                }
            } else {
                return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, expected: String) throws(PropertyListError) {
        try skipTrivia()
        guard index < bytes.count else { throw .unexpectedEnd(expected: expected, at: location(index)) }
        guard bytes[index] == byte else {
            throw .unexpectedCharacter(found: describeByte(at: index), expected: expected, at: location(index))
        }
        index += 1
    }

    private func checkDepth(_ depth: Int) throws(PropertyListError) {
        if depth > limits.maximumDepth { throw .nestingTooDeep(limit: limits.maximumDepth, at: location(index)) }
    }

    func location(_ offset: Int) -> PropertyListSourceLocation {
        PropertyListSourceLocation(offset: offset, in: bytes)
    }

    private func describeByte(at offset: Int) -> String {
        describeRawByte(bytes[offset])
    }

    func describeRawByte(_ byte: UInt8) -> String {
        switch byte {
        case 0x0A: "a line break"
        case 0x21...0x7E: "`\(Character(Unicode.Scalar(byte)))`"
        default: "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    static func isUnquotedStringByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
