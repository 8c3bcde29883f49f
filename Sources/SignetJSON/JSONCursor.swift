/// Reads one JSON document value by value, straight from its bytes, for decoders that build their model as
/// they read: no tree of the document exists, and members a decoder does not know are skipped, not kept.
///
/// It reads ``JSONReader``'s grammar with the same limits and the same faults (byte offset, path, limit).
/// A decoder walks the document with ``readObject(_:)`` and ``readArray(_:)`` and reads scalars with
/// ``readString()``, ``readInt()`` and their kin; a value of another kind than asked for, a missing member
/// or a number out of range is a ``JSONReadError/Kind/mismatch`` fault at the value's path. Syntax comes
/// first, as with a decoder that reads the whole document before looking at it: after a mismatch the rest
/// of the document is still read, and a syntax fault or limit found there is reported instead.
///
/// ```swift
/// let point = try JSONCursor.decode(bytes) { cursor throws(JSONReadError) in
///     var x: Int?
///     try cursor.readObject { cursor, key throws(JSONReadError) in
///         if key == "x" { x = try cursor.readInt() }          // anything else is skipped
///     }
///     guard let x else { throw cursor.missing("x") }
///     return x
/// }
/// ```
package struct JSONCursor: JSONScanning {
    /// The kinds of JSON value.
    package enum Kind: Sendable, Hashable {
        case object, array, string, number, bool, null

        /// The kind as people name it: "an object", "a string", "null".
        package var description: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .number: "a number"
            case .bool: "true or false"
            case .null: "null"
            }
        }
    }

    /// One open container: an array at an element, or an object at a member (`nil` between members).
    enum Step {
        case element(Int)
        case member(String?)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let limits: JSONLimits
    var offset = 0
    let rootPath: JSONPath
    var steps: [Step] = []
    /// Whether the cursor stands at a value it has not read yet.
    var valuePending = true

    /// Reads the document in `bytes` with `read`, refusing more than `limits.maxBytes` first; what `read`
    /// leaves unread is skipped, and nothing may follow the document.
    package static func decode<Value>(
        _ bytes: some Collection<UInt8>, limits: JSONLimits = .default, rootPath: JSONPath = .root,
        _ read: (inout JSONCursor) throws(JSONReadError) -> Value
    ) throws(JSONReadError) -> Value {
        let count = bytes.count
        guard count <= limits.maxBytes else {
            throw JSONReadError(.tooLarge(limit: limits.maxBytes), at: rootPath, byteOffset: limits.maxBytes,
                                "the input has \(count) bytes; the limit is \(limits.maxBytes)")
        }
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONReadError) in try decode(buffer, limits: limits, rootPath: rootPath, read) }
        }
        if let result { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer { buffer in
            Result { () throws(JSONReadError) in try decode(buffer, limits: limits, rootPath: rootPath, read) }
        }.get()
    }

    private static func decode<Value>(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits, rootPath: JSONPath,
        _ read: (inout JSONCursor) throws(JSONReadError) -> Value
    ) throws(JSONReadError) -> Value {
        var cursor = JSONCursor(bytes: bytes, limits: limits, rootPath: rootPath)
        let value: Value
        do {
            value = try read(&cursor)
            if cursor.valuePending { try cursor.skipValue() }
        } catch where error.kind == .mismatch {
            // A syntax fault or a limit anywhere in the document wins over a mismatch.
            try cursor.skip(downTo: 0)
            try cursor.expectEnd()
            throw error
        }
        try cursor.expectEnd()
        return value
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits, rootPath: JSONPath) {
        self.bytes = bytes
        self.limits = limits
        self.rootPath = rootPath
    }

    // MARK: - Containers

    /// Reads an object, calling `member` with each member's name, in document order; `member` reads the
    /// value or leaves it, and a value it leaves is skipped. Fails with a mismatch when the value is not an
    /// object.
    package mutating func readObject(_ member: (inout JSONCursor, String) throws(JSONReadError) -> Void) throws(JSONReadError) {
        try open(.object)
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { return close() }
        while true {
            skipWhitespace()
            let key = try readKeyAndColon()
            try member(&self, key)
            if valuePending { try skipValue() }
            steps[steps.count - 1] = .member(nil)
            if try readSeparator(closing: UInt8(ascii: "}")) { return close() }
        }
    }

    /// Reads an array, calling `element` with each index; `element` reads the value or leaves it, and a
    /// value it leaves is skipped. Fails with a mismatch when the value is not an array.
    package mutating func readArray(_ element: (inout JSONCursor, Int) throws(JSONReadError) -> Void) throws(JSONReadError) {
        try open(.array)
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { return close() }
        var index = 0
        while true {
            skipWhitespace()
            valuePending = true
            try element(&self, index)
            if valuePending { try skipValue() }
            index += 1
            steps[steps.count - 1] = .element(index)
            if try readSeparator(closing: UInt8(ascii: "]")) { return close() }
        }
    }

    mutating func open(_ kind: Kind) throws(JSONReadError) {
        let found = try peekKind()
        guard found == kind else { throw mismatch(expected: kind.description, found: found) }
        try openContainer(found)
        valuePending = false
    }

    mutating func openContainer(_ kind: Kind) throws(JSONReadError) {
        guard steps.count < limits.maxDepth else {
            throw JSONReadError(.tooDeep(limit: limits.maxDepth), at: currentPath(), byteOffset: offset,
                                "arrays and objects nest deeper than \(limits.maxDepth) levels")
        }
        offset += 1
        steps.append(kind == .object ? .member(nil) : .element(0))
    }

    mutating func close() {
        offset += 1
        steps.removeLast()
        valuePending = false
    }

    /// Reads `"key" :` in the innermost object, records the key as the member being read, and leaves the
    /// cursor at the member's value.
    @discardableResult
    mutating func readKeyAndColon() throws(JSONReadError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw invalid("expected a member name in double quotes") }
        let key = try scanString()
        steps[steps.count - 1] = .member(key)
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw invalid("expected \":\" after a member name") }
        offset += 1
        skipWhitespace()
        valuePending = true
        return key
    }

    /// Reads `,` (false) or the closing bracket (true) after a value in the innermost container.
    mutating func readSeparator(closing: UInt8) throws(JSONReadError) -> Bool {
        skipWhitespace()
        let container = closing == UInt8(ascii: "]") ? "an array" : "an object"
        guard let separator = peek() else { throw invalid("the input ends inside \(container)") }
        if separator == closing { return true }
        guard separator == UInt8(ascii: ",") else {
            throw invalid("expected \",\" or \"\(Character(Unicode.Scalar(closing)))\", found \(Self.show(separator))")
        }
        offset += 1
        return false
    }
}
