/// Scalars, and the faults a decoder reports at the cursor.
extension JSONCursor {
    /// The kind of the value at the cursor; fails where no value can start.
    package mutating func peekKind() throws(JSONReadError) -> Kind {
        skipWhitespace()
        guard let byte = peek() else { throw invalid("the input ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw invalid("unexpected character \(Self.show(byte)) where a value should be")
        }
    }

    /// Reads a string.
    package mutating func readString() throws(JSONReadError) -> String {
        let found = try peekKind()
        guard found == .string else { throw mismatch(expected: "a string", found: found) }
        valuePending = false
        return try scanString()
    }

    /// Reads a string, or `null` (and absence, which the caller sees as never reading) as nil.
    package mutating func readOptionalString() throws(JSONReadError) -> String? {
        try readNull() ? nil : readString()
    }

    /// Reads `null` when it is there (true); otherwise reads nothing (false).
    package mutating func readNull() throws(JSONReadError) -> Bool {
        guard try peekKind() == .null else { return false }
        try expectLiteral("null")
        valuePending = false
        return true
    }

    /// Reads a whole number that fits `Int` (`2`, `-7`, also `2.0` and `1e3`).
    package mutating func readInt() throws(JSONReadError) -> Int {
        let found = try peekKind()
        guard found == .number else { throw mismatch(expected: "a number", found: found) }
        return try readWholeNumber()
    }

    /// Reads a string as it is, or a whole number as its decimal text (an identifier sent either way).
    package mutating func readStringOrInt() throws(JSONReadError) -> String {
        let found = try peekKind()
        switch found {
        case .string: return try readString()
        case .number: return String(try readWholeNumber())
        default: throw mismatch(expected: "a string or a number", found: found)
        }
    }

    private mutating func readWholeNumber() throws(JSONReadError) -> Int {
        let start = offset
        let number = try scanNumber()
        valuePending = false
        if case .integer(let integer) = number { return integer }
        // Decided from the decimal text, not through `Double`: 9007199254740993.0 is no 9007199254740992, and
        // 2.0000000000000001 is not 2.
        switch Self.wholeNumber(UnsafeBufferPointer(rebasing: bytes[start..<offset])) {
        case .whole(let integer): return integer
        case .beyondRange:
            throw JSONReadError(.mismatch, at: currentPath(), byteOffset: start, "the number is beyond the 64-bit integer range")
        case .fraction:
            throw JSONReadError(.mismatch, at: currentPath(), byteOffset: start, "expected a whole number")
        }
    }

    /// What a JSON number's text (already scanned, so well formed) is as a whole number.
    enum WholeNumber: Equatable {
        case whole(Int), fraction, beyondRange
    }

    /// `text` (`-12.50e1`) read exactly: its digits and the power of ten they are scaled by, trailing zeros
    /// moved into the power; a negative power left means a fraction.
    static func wholeNumber(_ text: UnsafeBufferPointer<UInt8>) -> WholeNumber {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index += 1 }
        var digits: [UInt8] = []
        var scale = 0
        var inFraction = false
        while index < text.count, text[index] != UInt8(ascii: "e"), text[index] != UInt8(ascii: "E") {
            let byte = text[index]
            index += 1
            if byte == UInt8(ascii: ".") {
                inFraction = true
                continue
            }
            if inFraction { scale -= 1 }
            // Leading zeros add no digit (one after the point still moved `scale`).
            if digits.isEmpty, byte == UInt8(ascii: "0") { continue }
            digits.append(byte - UInt8(ascii: "0"))
        }
        if index < text.count {  // the exponent, clamped: a million digits of exponent is still "too large"
            index += 1
            var exponentNegative = false
            if text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                exponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            var exponent = 0
            while index < text.count {
                exponent = min(exponent * 10 + Int(text[index] - UInt8(ascii: "0")), 1_000_000)
                index += 1
            }
            scale += exponentNegative ? -exponent : exponent
        }
        guard let last = digits.lastIndex(where: { $0 != 0 }) else { return .whole(0) }
        scale += digits.count - 1 - last
        digits.removeSubrange((last + 1)...)
        guard scale >= 0 else { return .fraction }
        guard digits.count + scale <= 19 else { return .beyondRange }
        // Accumulated on the negative side, where Int.min fits.
        var value = 0
        for digit in digits + [UInt8](repeating: 0, count: scale) {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, underflow) = shifted.subtractingReportingOverflow(Int(digit))
            guard !overflow, !underflow else { return .beyondRange }
            value = next
        }
        if negative { return .whole(value) }
        return value == Int.min ? .beyondRange : .whole(-value)
    }

    // MARK: - Faults

    /// A mismatch at the value at the cursor: `expected` is what the decoder wanted ("a string").
    package func mismatch(expected: String, found: Kind) -> JSONReadError {
        JSONReadError(.mismatch, at: currentPath(), byteOffset: offset, "expected \(expected), found \(found.description)")
    }

    /// A required member that the object just read did not have.
    package func missing(_ key: String) -> JSONReadError {
        JSONReadError(.mismatch, at: currentPath().appending(key: key), byteOffset: offset, "required field is missing")
    }

    /// The member whose value is at the cursor, named a second time in its object.
    package func duplicateMember() -> JSONReadError {
        guard case .member(let key?)? = steps.last else {
            return JSONReadError(.duplicateKey(""), at: currentPath(), byteOffset: offset, "a member appears twice")
        }
        return duplicate(key)
    }

    /// The member `key`, whose value is at the cursor, named a second time in its object.
    package func duplicate(_ key: String) -> JSONReadError {
        JSONReadError(.duplicateKey(key), at: currentPath(), byteOffset: offset, "the member \(JSONWriter.quoted(key)) appears twice")
    }

    /// More members or elements in the container being read than `limit`; `what` names them
    /// ("avatar components"). The fault is at the container's path.
    package func tooMany(_ what: String, limit: Int) -> JSONReadError {
        JSONReadError(.tooMany(limit: limit), at: path(of: steps.dropLast()), byteOffset: offset,
                      "more than \(limit) \(what); the limit is \(limit)")
    }

    /// The path of the value at the cursor.
    func currentPath() -> JSONPath {
        path(of: steps[...])
    }

    private func path(of steps: ArraySlice<Step>) -> JSONPath {
        var path = rootPath
        for step in steps {
            switch step {
            case .element(let index): path = path.appending(index: index)
            case .member(let key?): path = path.appending(key: key)
            case .member(nil): break
            }
        }
        return path
    }
}
