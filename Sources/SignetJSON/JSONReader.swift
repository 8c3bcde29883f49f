/// Signet's one JSON reader, for untrusted bytes: no recursion (so no stack depth to exhaust), limits on
/// size, depth and string length, duplicate keys refused, and every fault named by byte offset and JSON path.
///
/// Why not only `JSONDecoder`: its errors for malformed input say "The given data was not valid JSON." with
/// no position, it has no size or string limits of its own, and a `Decodable` tree of unknown shape
/// (conditions, trivia messages) must probe each type with `try?`, which costs time quadratic in depth.
/// Typed responses still decode with `JSONDecoder`; when it refuses a document as a whole, this reader
/// says where and why (``JSONDecodingFailure``).
///
/// Containers nested deeper than `keptDepth` are read to the end (the bytes must still be JSON) and stand in
/// the result as `null`; ``Output/truncation`` records where the first one began. Reading on instead of
/// stopping lets a caller report the first fault in document order. Past ``JSONLimits/maxDepth`` the input
/// is refused outright.
package struct JSONReader: JSONScanning {
    /// The value, and where it first stopped keeping depth.
    package struct Output: Sendable {
        package var value: JSONValue
        package var truncation: JSONPath?
    }

    private enum ContainerKind {
        case array
        case object
    }

    /// A container being read and kept.
    private enum Frame {
        case array([JSONValue])
        /// `key` is the member being read, `nil` between members; `seen` holds the keys so far.
        case object(JSONObject, key: String?)

        /// Adds a finished value (to an object, under the member being read) and says what kind of
        /// container this is. In place: the frame lets go of its storage first, so that the array or
        /// object is not copied for every value (taking a frame out of the stack, adding to it and putting
        /// it back copied it, a cost quadratic in the container's length: a 1 MiB list of 50 000 objects
        /// took minutes in a debug build).
        mutating func add(_ value: JSONValue) -> ContainerKind {
            switch self {
            case .array(var values):
                self = .array([])
                values.append(value)
                self = .array(values)
                return .array
            case .object(var members, let key):
                self = .array([])
                members[key ?? ""] = value
                self = .object(members, key: nil)
                return .object
            }
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let limits: JSONLimits
    private let rootPath: JSONPath
    private let keptDepth: Int
    var offset = 0
    private var frames: [Frame] = []
    /// Containers deeper than `keptDepth`: only their kind, to match the closing bracket.
    private var skipped: [ContainerKind] = []
    private var truncation: JSONPath?

    /// Reads one JSON document from `bytes`, refusing more than `limits.maxBytes` before looking at a byte.
    package static func read(
        _ bytes: some Collection<UInt8>, limits: JSONLimits = .default, rootPath: JSONPath = .root, keptDepth: Int? = nil
    ) throws(JSONReadError) -> Output {
        let count = bytes.count
        guard count <= limits.maxBytes else {
            throw JSONReadError(.tooLarge(limit: limits.maxBytes), at: rootPath, byteOffset: limits.maxBytes,
                                "the input has \(count) bytes; the limit is \(limits.maxBytes)")
        }
        let kept = min(keptDepth ?? limits.maxDepth, limits.maxDepth)
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONReadError) in try read(buffer, limits: limits, rootPath: rootPath, keptDepth: kept) }
        }
        if let result { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer { buffer in
            Result { () throws(JSONReadError) in try read(buffer, limits: limits, rootPath: rootPath, keptDepth: kept) }
        }.get()
    }

    private static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits, rootPath: JSONPath, keptDepth: Int
    ) throws(JSONReadError) -> Output {
        var reader = JSONReader(bytes: bytes, limits: limits, rootPath: rootPath, keptDepth: keptDepth)
        let value = try reader.readDocument()
        return Output(value: value, truncation: reader.truncation)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits, rootPath: JSONPath, keptDepth: Int) {
        self.bytes = bytes
        self.limits = limits
        self.rootPath = rootPath
        self.keptDepth = keptDepth
    }

    // MARK: - Structure

    private mutating func readDocument() throws(JSONReadError) -> JSONValue {
        nextValue: while true {
            var completed: JSONValue
            skipWhitespace()
            guard let byte = peek() else { throw invalid("the input ends where a value should be") }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let kind: ContainerKind = byte == UInt8(ascii: "{") ? .object : .array
                guard frames.count + skipped.count < limits.maxDepth else {
                    throw JSONReadError(.tooDeep(limit: limits.maxDepth), at: currentPath(), byteOffset: offset,
                                        "arrays and objects nest deeper than \(limits.maxDepth) levels")
                }
                offset += 1
                if !skipped.isEmpty || frames.count >= keptDepth {
                    if skipped.isEmpty { truncation = truncation ?? currentPath() }
                    skipped.append(kind)
                } else {
                    frames.append(kind == .array ? .array([]) : .object(JSONObject(), key: nil))
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
                completed = .string(try scanString())
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
                completed = try scanNumber()
            default:
                throw invalid("unexpected character \(Self.show(byte)) where a value should be")
            }

            // Hand the finished value to its container; close containers that end here.
            while true {
                let kind: ContainerKind
                if let skippedKind = skipped.last {
                    kind = skippedKind
                } else if !frames.isEmpty {
                    kind = frames[frames.count - 1].add(completed)
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
    private mutating func readKeyAndColon() throws(JSONReadError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else {
            throw invalid("expected a member name in double quotes")
        }
        let keyOffset = offset
        let key = try scanString()
        if skipped.isEmpty, case .object(let members, _)? = frames.popLast() {
            frames.append(.object(members, key: key))
            if members[key] != nil {
                throw JSONReadError(.duplicateKey(key), at: currentPath(), byteOffset: keyOffset,
                                    "the member \(JSONWriter.quoted(key)) appears twice")
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
