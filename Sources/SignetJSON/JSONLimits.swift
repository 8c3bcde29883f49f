/// How much JSON Signet's reader accepts before refusing it: the size of the input, the nesting of
/// arrays and objects, and the length of one string. Stated once, here; each caller picks the limits that
/// fit what it reads (a trivia message, a condition document, a vector file).
package struct JSONLimits: Sendable, Hashable {
    /// The most input bytes.
    package var maxBytes: Int
    /// The deepest nesting of arrays and objects (the outermost container is depth 1).
    package var maxDepth: Int
    /// The longest string, in UTF-8 bytes after unescaping.
    package var maxStringBytes: Int

    /// Limits with the given bounds (negative values count as 0).
    package init(maxBytes: Int, maxDepth: Int, maxStringBytes: Int) {
        self.maxBytes = max(0, maxBytes)
        self.maxDepth = max(0, maxDepth)
        self.maxStringBytes = max(0, maxStringBytes)
    }

    /// The response-size limit (16 MiB), 512 levels (Foundation's `JSONDecoder` refuses deeper documents
    /// too) and strings of up to 1 MiB.
    package static let `default` = JSONLimits(maxBytes: 16 << 20, maxDepth: 512, maxStringBytes: 1 << 20)
}
