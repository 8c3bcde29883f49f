/// Why Signet's JSON reader or cursor refused its input, where (byte offset and JSON path), and which limit,
/// if one did.
package struct JSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of fault.
    package enum Kind: Sendable, Hashable {
        /// The bytes are not JSON, or not UTF-8.
        case invalid
        /// More input bytes than ``JSONLimits/maxBytes``.
        case tooLarge(limit: Int)
        /// Nested deeper than ``JSONLimits/maxDepth``.
        case tooDeep(limit: Int)
        /// A string longer than ``JSONLimits/maxStringBytes``.
        case stringTooLong(limit: Int)
        /// An object names the same member twice.
        case duplicateKey(String)
        /// Valid JSON that is not what the decoder reading it expects: a value of another kind, a missing
        /// member, a number out of range (``JSONCursor`` only).
        case mismatch
        /// More members or elements in one container than the decoder reading it allows (``JSONCursor``
        /// only).
        case tooMany(limit: Int)
    }

    /// What was wrong.
    package let kind: Kind
    /// Where the reader was: the JSON path of the value being read.
    package let path: JSONPath
    /// The byte offset of the fault in the input.
    package let byteOffset: Int
    /// A sentence for people, without the path.
    package let message: String

    package init(_ kind: Kind, at path: JSONPath, byteOffset: Int, _ message: String) {
        self.kind = kind
        self.path = path
        self.byteOffset = byteOffset
        self.message = message
    }

    /// `message at PATH (byte N)`.
    package var description: String { "\(message) at \(path) (byte \(byteOffset))" }
}
