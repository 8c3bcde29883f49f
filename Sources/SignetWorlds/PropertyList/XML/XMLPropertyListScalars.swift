#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Signet

/// The text of XML property-list scalars (`<integer>`, `<real>`, `<date>`, `<data>`) as values.
///
/// Every conversion is checked: an integer is accumulated as a `UInt64` magnitude with overflow
/// reported, a date's fields have bounded digit counts, so no input traps.
enum XMLPropertyListScalars {
    /// Why a scalar's text was refused: malformed, or a valid number no `PropertyListValue` can hold.
    enum Fault: Error {
        case malformed(String)
        case unsupported(String)
    }

    /// A decimal integer (optional sign; also `0x` hex, as Apple's reader allows) that fits `Int`.
    static func integer(_ text: [UInt8]) throws(Fault) -> Int {
        var digits = trimmed(text)[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        var radix: UInt64 = 10
        if digits.starts(with: Array("0x".utf8)) || digits.starts(with: Array("0X".utf8)) {
            radix = 16
            digits = digits.dropFirst(2)
        }
        let spelled = String(decoding: trimmed(text), as: UTF8.self)
        guard !digits.isEmpty else { throw .malformed("<integer> \"\(spelled)\" has no digits") }
        var magnitude: UInt64 = 0
        for byte in digits {
            guard let digit = hexDigit(byte), UInt64(digit) < radix else {
                throw .malformed("<integer> \"\(spelled)\" is not an integer")
            }
            let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, carry) = shifted.addingReportingOverflow(UInt64(digit))
            guard !overflow, !carry else { throw .malformed("<integer> \(spelled) is outside the 64-bit range") }
            magnitude = sum
        }
        if negative {
            guard magnitude <= UInt64(Int.max) + 1 else { throw .malformed("<integer> \(spelled) is outside the 64-bit range") }
            return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
        }
        guard let integer = Int(exactly: magnitude) else {
            throw .unsupported("integer \(magnitude) is larger than Int.max")
        }
        return integer
    }

    /// A real: decimal or exponent notation, `nan`, `inf`, `infinity` (either case, optional sign).
    static func real(_ text: [UInt8]) throws(Fault) -> Double {
        let spelled = String(decoding: trimmed(text), as: UTF8.self)
        guard let real = Double(spelled) ?? Double(spelled.lowercased()) else {
            throw .malformed("<real> \"\(spelled)\" is not a number")
        }
        return real
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` in UTC (the year may have a minus sign and 1 to 9 digits).
    static func date(_ text: [UInt8]) throws(Fault) -> Date {
        let bytes = Array(trimmed(text))
        let spelled = String(decoding: bytes, as: UTF8.self)
        let fault = Fault.malformed("<date> \"\(spelled)\" is not yyyy-MM-ddTHH:mm:ssZ")
        let negative = bytes.first == UInt8(ascii: "-")
        let yearStart = negative ? 1 : 0
        guard let yearEnd = bytes[yearStart...].firstIndex(of: UInt8(ascii: "-")), (1...9).contains(yearEnd - yearStart),
            bytes.count == yearEnd + 16, bytes.last == UInt8(ascii: "Z"),
            let year = number(bytes[yearStart..<yearEnd]), let month = number(bytes[(yearEnd + 1)..<(yearEnd + 3)]),
            let day = number(bytes[(yearEnd + 4)..<(yearEnd + 6)]), let hour = number(bytes[(yearEnd + 7)..<(yearEnd + 9)]),
            let minute = number(bytes[(yearEnd + 10)..<(yearEnd + 12)]), let second = number(bytes[(yearEnd + 13)..<(yearEnd + 15)]),
            bytes[yearEnd + 3] == UInt8(ascii: "-"), bytes[yearEnd + 6] == UInt8(ascii: "T"),
            bytes[yearEnd + 9] == UInt8(ascii: ":"), bytes[yearEnd + 12] == UInt8(ascii: ":")
        else { throw fault }
        let signedYear = negative ? -year : year
        guard (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: signedYear)).contains(day),
            hour < 24, minute < 60, second < 60
        else { throw fault }
        // |year| < 10⁹: days and seconds stay far inside Int.
        let days = CivilCalendar.daysSince1970(year: signedYear, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Base64 with white space anywhere (lines are usually wrapped): the white space is dropped, and the
    /// rest must be strict, canonical base64, as everywhere in Signet: `Data(base64Encoded:)` alone read `AAH+/w=A=` (an `=` inside, a length not a multiple of 4)
    /// as five bytes, where Foundation's property-list reader reads six.
    static func data(_ text: [UInt8]) throws(Fault) -> Data {
        let compact = text.filter { !XMLPropertyListScanner.isWhitespace($0) }
        if let fault = strictBase64Fault(compact) { throw .malformed("<data> is not base64 (\(fault))") }
        guard let data = Data(base64Encoded: String(decoding: compact, as: UTF8.self)) else {
            throw .malformed("<data> is not base64")
        }
        return data
    }

    /// What makes `compact` other than canonical padded base64 (RFC 4648 §4), or nil: its length, a
    /// character outside the alphabet, an `=` before the end, or bits set that no byte string encodes to.
    /// Offsets count the base64 characters, white space left out.
    static func strictBase64Fault(_ compact: [UInt8]) -> String? {
        guard compact.count % 4 == 0 else { return "\(compact.count) characters, not a multiple of 4" }
        let padding = compact.suffix(2).reversed().prefix { $0 == UInt8(ascii: "=") }.count
        let significant = compact.count - padding
        for (offset, byte) in compact.enumerated() where offset < significant && sextet(byte) == nil {
            return byte == UInt8(ascii: "=")
                ? "`=` at character \(offset) is not at the end"
                : "character \(offset) (0x\(String(byte, radix: 16, uppercase: true))) is not in the base64 alphabet"
        }
        // The last significant character's low bits must be zero: 4 of them before `==`, 2 before `=`.
        if padding > 0, let value = sextet(compact[significant - 1]), value & (padding == 2 ? 0x0F : 0x03) != 0 {
            return "character \(significant - 1) has non-zero unused bits"
        }
        return nil
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }

    private static func trimmed(_ text: [UInt8]) -> ArraySlice<UInt8> {
        let start = text.firstIndex { !XMLPropertyListScanner.isWhitespace($0) } ?? text.endIndex
        let end = text.lastIndex { !XMLPropertyListScanner.isWhitespace($0) }.map { $0 + 1 } ?? start
        return text[start..<max(start, end)]
    }

    /// The decimal number of at most 9 digits in `digits`.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
