/// Reading values without keeping them: unknown members, and the rest of a document after a mismatch.
extension JSONCursor {
    /// Reads the value at the cursor and keeps nothing of it.
    package mutating func skipValue() throws(JSONReadError) {
        valuePending = true
        try skip(downTo: steps.count)
    }

    /// Reads on until only `depth` containers are open and no value is pending: the value at the cursor (if
    /// one is pending), then the rest of each container deeper than `depth`. Iterative, so a hostile depth
    /// costs no stack; the depth limit holds as when reading.
    mutating func skip(downTo depth: Int) throws(JSONReadError) {
        while true {
            if valuePending {
                let kind = try peekKind()
                switch kind {
                case .object, .array:
                    try openContainer(kind)
                    skipWhitespace()
                    if peek() == UInt8(ascii: kind == .object ? "}" : "]") {
                        close()
                    } else if kind == .object {
                        try readKeyAndColon()
                        continue
                    } else {
                        continue
                    }
                case .string: _ = try scanString()
                case .number: _ = try scanNumber()
                case .bool: try expectLiteral(peek() == UInt8(ascii: "t") ? "true" : "false")
                case .null: try expectLiteral("null")
                }
                valuePending = false
            }
            guard steps.count > depth, let step = steps.last else { return }
            // A value of the innermost container is complete: a separator, then the next value or the end.
            switch step {
            case .element(let index):
                steps[steps.count - 1] = .element(index + 1)
                if try readSeparator(closing: UInt8(ascii: "]")) { close() } else { skipWhitespace(); valuePending = true }
            case .member:
                steps[steps.count - 1] = .member(nil)
                if try readSeparator(closing: UInt8(ascii: "}")) {
                    close()
                } else {
                    skipWhitespace()
                    try readKeyAndColon()
                }
            }
        }
    }

    mutating func expectEnd() throws(JSONReadError) {
        skipWhitespace()
        guard offset == bytes.count else { throw invalid("unexpected \(Self.show(bytes[offset])) after the end of the document") }
    }
}
