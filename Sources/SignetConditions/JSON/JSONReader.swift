/// An iterative JSON reader for untrusted bytes: no recursion, a size limit, and a
/// depth beyond which values are checked but not kept.
///
/// Containers nested deeper than `keptDepth` are read to the end (the bytes must still
/// be JSON) and stand in the result as `null`; ``truncation`` records where the first
/// one began, and callers refuse the input for depth. Reading on instead of stopping
/// lets the caller report the first fault in document order: a condition nested too
/// deep is reported at the condition, not somewhere inside it.
struct JSONReader {
    /// What the reader produced: the value, and where it first stopped keeping depth.
    struct Output {
        var value: JSONValue
        var truncation: JSONPath?

        /// Runs `interpret` on the value, refusing anything that was cut off for depth.
        ///
        /// A fault `interpret` finds outside the cut-off part, or a depth fault of its own,
        /// is reported as is (it comes first in document order); a fault inside the cut-off
        /// part, or success, becomes `nestingTooDeep` at the cut.
        func interpreted<Result>(
            tooDeep message: String, _ interpret: (JSONValue) throws(ConditionError) -> Result
        ) throws(ConditionError) -> Result {
            guard let truncation else { return try interpret(value) }
            do {
                _ = try interpret(value)
            } catch {
                if error.kind == .nestingTooDeep || !error.path.hasPrefix(truncation) { throw error }
            }
            throw ConditionError(.nestingTooDeep, at: truncation, message)
        }
    }

    private enum ContainerKind {
        case array
        case object
    }

    /// A container being read and kept.
    private enum Frame {
        case array([JSONValue])
        /// `key` is the member being read, `nil` between members.
        case object([String: JSONValue], key: String?)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private let rootPath: JSONPath
    private let keptDepth: Int
    var offset = 0
    private var frames: [Frame] = []
    /// Containers deeper than `keptDepth`: only their kind, to match the closing bracket.
    private var skipped: [ContainerKind] = []
    private var truncation: JSONPath?

    /// Reads one JSON document from `bytes`; errors carry paths below `rootPath`.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, rootPath: JSONPath, keptDepth: Int
    ) throws(ConditionError) -> Output {
        var reader = JSONReader(bytes: bytes, rootPath: rootPath, keptDepth: keptDepth)
        let value = try reader.readDocument()
        return Output(value: value, truncation: reader.truncation)
    }

    /// Reads any byte collection, checking the size limit before looking at a byte.
    static func read(
        _ bytes: some Collection<UInt8>, maxBytes: Int, rootPath: JSONPath, keptDepth: Int
    ) throws(ConditionError) -> Output {
        let count = bytes.count
        guard count <= maxBytes else {
            throw ConditionError(
                .inputTooLarge, at: rootPath,
                "the input has \(count) bytes; the limit is \(maxBytes)", byteOffset: maxBytes)
        }
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(ConditionError) in try read(buffer, rootPath: rootPath, keptDepth: keptDepth) }
        }
        if let result { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer { buffer in
            Result { () throws(ConditionError) in try read(buffer, rootPath: rootPath, keptDepth: keptDepth) }
        }.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, rootPath: JSONPath, keptDepth: Int) {
        self.bytes = bytes
        self.rootPath = rootPath
        self.keptDepth = keptDepth
    }

    // MARK: - Structure

    private mutating func readDocument() throws(ConditionError) -> JSONValue {
        nextValue: while true {
            var completed: JSONValue
            skipWhitespace()
            guard let byte = peek() else { throw invalid("the input ends where a value should be") }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let kind: ContainerKind = byte == UInt8(ascii: "{") ? .object : .array
                offset += 1
                if !skipped.isEmpty || frames.count >= keptDepth {
                    if skipped.isEmpty { truncation = truncation ?? currentPath() }
                    skipped.append(kind)
                } else {
                    frames.append(kind == .array ? .array([]) : .object([:], key: nil))
                }
                skipWhitespace()
                if peek() == closingBracket(kind) {
                    offset += 1
                    completed = popContainer()
                } else {
                    if kind == .object { try readKeyAndColon() }
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                completed = .string(try readString())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                completed = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                completed = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                completed = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                completed = .number(try readNumber())
            default:
                throw invalid("unexpected character \(Self.show(byte)) where a value should be")
            }

            // Hand the finished value to its container; close containers that end here.
            while true {
                let kind: ContainerKind
                if let skippedKind = skipped.last {
                    kind = skippedKind
                } else if let frame = frames.popLast() {
                    switch frame {
                    case .array(var values):
                        values.append(completed)
                        frames.append(.array(values))
                        kind = .array
                    case .object(var members, let key):
                        members[key ?? ""] = completed
                        frames.append(.object(members, key: nil))
                        kind = .object
                    }
                } else {
                    skipWhitespace()
                    guard offset == bytes.count else {
                        throw invalid("unexpected \(Self.show(bytes[offset])) after the end of the document")
                    }
                    return completed
                }
                skipWhitespace()
                guard let separator = peek() else {
                    throw invalid("the input ends inside \(kind == .array ? "an array" : "an object")")
                }
                offset += 1
                if separator == UInt8(ascii: ",") {
                    if kind == .object { try readKeyAndColon() }
                    continue nextValue
                }
                guard separator == closingBracket(kind) else {
                    offset -= 1
                    let expected = kind == .array ? "\",\" or \"]\"" : "\",\" or \"}\""
                    throw invalid("expected \(expected), found \(Self.show(separator))")
                }
                completed = popContainer()
            }
        }
    }

    /// Removes the innermost open container and returns what stands for it in its parent.
    private mutating func popContainer() -> JSONValue {
        if skipped.popLast() != nil { return .null }
        switch frames.popLast() {
        case .array(let values): return .array(values)
        case .object(let members, _): return .object(members)
        case nil: return .null
        }
    }

    /// Reads `"key" :` inside an object and records the key for the member that follows.
    private mutating func readKeyAndColon() throws(ConditionError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else {
            throw invalid("expected a member name in double quotes")
        }
        let key = try readString()
        if skipped.isEmpty, case .object(let members, _)? = frames.popLast() {
            frames.append(.object(members, key: key))
            if members[key] != nil {
                throw ConditionError(
                    .duplicateKey, at: currentPath(), "the member \(QuotedString.quote(key)) appears twice",
                    byteOffset: offset)
            }
        }
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw invalid("expected \":\" after a member name") }
        offset += 1
    }

    /// The path of the value about to be read (inside skipped containers: where skipping began).
    func currentPath() -> JSONPath {
        if let truncation, !skipped.isEmpty { return truncation }
        var path = rootPath
        for frame in frames {
            switch frame {
            case .array(let values): path = path.appending(index: values.count)
            case .object(_, let key?): path = path.appending(key: key)
            case .object(_, nil): break
            }
        }
        return path
    }

    private func closingBracket(_ kind: ContainerKind) -> UInt8 {
        kind == .array ? UInt8(ascii: "]") : UInt8(ascii: "}")
    }
}
