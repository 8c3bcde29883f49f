/// A place in a property-list input: byte offset (from 0), line and column (from 1, columns count bytes).
public struct PropertyListSourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// Bytes before this place.
    public let offset: Int
    /// The line, counting from 1; lines end at `\n`.
    public let line: Int
    /// The column, counting from 1, in bytes.
    public let column: Int

    /// A location with explicit coordinates.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The location of `offset` in `bytes`, counting lines and columns up to it. An offset outside
    /// `0...bytes.count` is kept as given, and its line and column are those of the nearest end.
    public init<Bytes: Collection<UInt8>>(offset: Int, in bytes: Bytes) where Bytes.Index == Int {
        var line = 1
        var lineStart = bytes.startIndex
        var index = bytes.startIndex
        let end = bytes.startIndex + min(max(offset, 0), bytes.count)
        while index < end {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        self.init(offset: offset, line: line, column: end - lineStart + 1)
    }

    /// `line L, column C (byte O)`.
    public var description: String { "line \(line), column \(column) (byte \(offset))" }
}

/// Why a property list could not be read or written.
public enum PropertyListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Something other than what the grammar allows here: `expected` says what would have been valid.
    case unexpectedCharacter(found: String, expected: String, at: PropertyListSourceLocation)
    /// The input ended where `expected` was still needed.
    case unexpectedEnd(expected: String, at: PropertyListSourceLocation)
    /// Content after the complete root value (for example one `}` too many).
    case trailingContent(found: String, at: PropertyListSourceLocation)
    /// A backslash escape that the format does not define, or a malformed `\U` / octal escape.
    case invalidEscape(String, at: PropertyListSourceLocation)
    /// Bytes that are not valid UTF-8 (or an unpaired UTF-16 surrogate) inside a string.
    case invalidText(at: PropertyListSourceLocation)
    /// A dictionary key that occurs twice in one dictionary.
    case duplicateKey(String, at: PropertyListSourceLocation)
    /// Arrays and dictionaries nested deeper than the limit; `at` is known for text formats.
    case nestingTooDeep(limit: Int, at: PropertyListSourceLocation?)
    /// The input is larger than the limit.
    case inputTooLarge(byteCount: Int, limit: Int)
    /// The input would produce more values than the limit.
    case tooManyValues(limit: Int)
    /// A dictionary with more keys than the limit; `at` is where the first key over it starts (text formats)
    /// or where the dictionary is (binary, as a byte offset in `offset`).
    case tooManyKeys(limit: Int, at: PropertyListSourceLocation?, offset: Int?)
    /// An XML or binary property list that is structurally broken; `detail` says how, `offset` where when known.
    case malformed(format: PropertyListFormat, detail: String, offset: Int?)
    /// A value the format cannot hold (reading: an XML/binary type with no `PropertyListValue` case;
    /// writing: e.g. a real that is not finite), at the key path given.
    case unsupportedValue(keyPath: String, detail: String)

    /// The text-input location of the error, when there is one.
    public var location: PropertyListSourceLocation? {
        switch self {
        case .unexpectedCharacter(_, _, let at), .unexpectedEnd(_, let at), .trailingContent(_, let at),
            .invalidEscape(_, let at), .duplicateKey(_, let at):
            at
        case .invalidText(let at):
            at
        case .nestingTooDeep(_, let at):
            at
        case .tooManyKeys(_, let at, _):
            at
        case .inputTooLarge, .tooManyValues, .malformed, .unsupportedValue:
            nil
        }
    }

    /// A one-line explanation naming the place and what was expected.
    public var description: String {
        switch self {
        case .unexpectedCharacter(let found, let expected, let at):
            "property list: at \(at): expected \(expected), found \(found)"
        case .unexpectedEnd(let expected, let at):
            "property list: at \(at): input ended, expected \(expected)"
        case .trailingContent(let found, let at):
            "property list: at \(at): expected end of input after the root value, found \(found)"
        case .invalidEscape(let detail, let at):
            "property list: at \(at): invalid escape \(detail)"
        case .invalidText(let at):
            "property list: at \(at): string is not valid UTF-8 text"
        case .duplicateKey(let key, let at):
            "property list: at \(at): duplicate dictionary key \"\(key)\""
        case .nestingTooDeep(let limit, let at):
            "property list: \(at.map { "at \($0): " } ?? "")arrays and dictionaries nested deeper than \(limit)"
        case .inputTooLarge(let byteCount, let limit):
            "property list: input of \(byteCount) bytes exceeds the limit of \(limit) bytes"
        case .tooManyValues(let limit):
            "property list: more than \(limit) values"
        case .tooManyKeys(let limit, let at, let offset):
            "property list: \(at.map { "at \($0): " } ?? offset.map { "at byte \($0): " } ?? "")a dictionary of more than \(limit) keys"
        case .malformed(let format, let detail, let offset):
            "\(format.rawValue) property list\(offset.map { " at byte \($0)" } ?? ""): \(detail)"
        case .unsupportedValue(let keyPath, let detail):
            "property list: at \(keyPath.isEmpty ? PropertyListPath.root : keyPath): \(detail)"
        }
    }
}
