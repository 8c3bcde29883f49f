import Signet
import SignetWorlds

/// Why a form body could not be decoded; offsets are byte offsets into the body. The body's text is
/// never included, since it may hold a password.
public enum FormDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A `%` not followed by two hex digits.
    case invalidPercentEscape(offset: Int)
    /// The unescaped bytes of the name or value starting at `offset` are not UTF-8.
    case invalidUTF8(offset: Int)
    /// The body is larger than the limit.
    case bodyTooLarge(byteCount: Int, limit: Int)

    /// A one-line explanation with the offset.
    public var description: String {
        switch self {
        case .invalidPercentEscape(let offset): "form body: `%` at byte \(offset) is not followed by two hex digits"
        case .invalidUTF8(let offset): "form body: the field part at byte \(offset) is not UTF-8 once unescaped"
        case .bodyTooLarge(let byteCount, let limit): "form body: \(byteCount) bytes exceeds the limit of \(limit)"
        }
    }
}

/// Reads `application/x-www-form-urlencoded` bodies (the server side of `FormURLEncoder`).
///
/// Fields are separated by `&` (empty pieces are skipped); a piece without `=` is a name with an empty
/// value; `+` is a space; `%XX` is strict: anything else after `%` is an error rather than kept as is.
public enum FormURLDecoder {
    /// The default body limit, 64 KiB; a login form is a few hundred bytes.
    public static let defaultMaximumByteCount = 64 << 10

    /// The fields of `body`, in order.
    public static func decode(_ body: String, maximumByteCount: Int = defaultMaximumByteCount) throws(FormDecodingError) -> [FormField] {
        try decode(Array(body.utf8), maximumByteCount: maximumByteCount)
    }

    /// The fields of the UTF-8 `body`, in order.
    public static func decode(_ body: [UInt8], maximumByteCount: Int = defaultMaximumByteCount) throws(FormDecodingError) -> [FormField] {
        guard body.count <= maximumByteCount else {
            throw .bodyTooLarge(byteCount: body.count, limit: maximumByteCount)
        }
        var fields: [FormField] = []
        var pieceStart = 0
        while pieceStart <= body.count {
            let pieceEnd = body[pieceStart...].firstIndex(of: UInt8(ascii: "&")) ?? body.count
            if pieceEnd > pieceStart {
                let separator = body[pieceStart..<pieceEnd].firstIndex(of: UInt8(ascii: "="))
                let name = try unescape(body, pieceStart..<(separator ?? pieceEnd))
                var value = ""
                if let separator { value = try unescape(body, (separator + 1)..<pieceEnd) }
                fields.append(FormField(name: name, value: value))
            }
            pieceStart = pieceEnd + 1
        }
        return fields
    }

    private static func unescape(_ body: [UInt8], _ range: Range<Int>) throws(FormDecodingError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = body[index]
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
                index += 1
            case UInt8(ascii: "%"):
                guard index + 2 < range.upperBound,
                    let high = hexValue(body[index + 1]), let low = hexValue(body[index + 2])
                else { throw .invalidPercentEscape(offset: index) }
                bytes.append(high << 4 | low)
                index += 3
            default:
                bytes.append(byte)
                index += 1
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8(offset: range.lowerBound) }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
