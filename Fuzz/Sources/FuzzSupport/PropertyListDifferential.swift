import Foundation
import SignetWorlds

/// Signet's property-list readers against Foundation's `PropertyListSerialization` (CoreFoundation's
/// CFPropertyList underneath on Linux), an implementation that shares no code with Signet.
///
/// Every input goes through Signet's reader for the harness's format; a `PropertyListError` is a normal
/// outcome. When Foundation also reads the input, detects the same format and returns a value, the two
/// values must be equal (``PropertyListComparison``), and Signet must not have refused the input, except
/// where the two differ by design. Those skips, each on purpose:
///
/// 0. OpenStep syntax: CoreFoundation's old-style parser recovers from syntax errors instead of reporting them
///    (`( { a = b; name )` reads as an empty array), so its accepting a text is no evidence that the text is
///    valid. For OpenStep the values are compared whenever both accept; a refusal by Signet is compared only
///    when it is not about syntax (there is no other OpenStep reader to be the judge).
///
/// 1. Signet's limits (`nestingTooDeep`, `inputTooLarge`, `tooManyValues`): Foundation has none.
/// 2. `duplicateKey`: Signet refuses a key given twice in one dictionary; Foundation keeps the last value.
///    Keys that are canonically equivalent Unicode (`é` precomposed and decomposed) count as the same key
///    for Signet (Swift `String` equality) and as two keys for Foundation, so they fall here too.
/// 3. OpenStep "strings files": Foundation reads top-level `key = value;` pairs without braces as a
///    dictionary (the `.strings` format); Signet reads one root value and calls the rest trailing content
///    (a syntax refusal, so covered by 0).
/// 4. Escapes OpenStep does not define (`\q`): Foundation keeps the character, Signet refuses them (its
///    documented rule: unknown escapes are errors, not guessed at).
/// 5. Keys that are not strings (binary plists can have them): Foundation keeps them; Signet's dictionaries
///    have string keys only and refuse the input.
/// 6. Bytes after XML's closing `</plist>`: Foundation stops reading there, Signet refuses them. The text up to
///    `</plist>` is then read by Signet again and compared, so the rest of the document is still checked.
/// 7. Ill-formed XML: CoreFoundation's plist reader is not an XML parser and reads past much that XML forbids
///    (an unclosed quote in the DOCTYPE, say); Signet refuses it. When Signet's refusal is `malformed`, the
///    input is given to a real XML parser (Foundation's `XMLParser`, libxml2 underneath): only when that
///    finds it well-formed does the refusal count as a disagreement. Encodings other than UTF-8, which
///    Signet refuses by design, are skipped too.
/// 8. Binary ASCII strings (marker `0x5_`) with bytes above 0x7F: Foundation reads them in some 8-bit
///    encoding, Signet refuses them (ASCII means ASCII).
/// 9. Values outside Signet's model (`unsupportedValue`): binary null (Foundation reads `NSNull`), UIDs of
///    keyed archives, sets, integers beyond 64-bit signed (Foundation keeps an unsigned 64-bit value).
///    Signet refuses them by design.
/// 10. Text that is not UTF-8: Foundation falls back to an 8-bit encoding; Signet reads UTF-8 only and says
///    `invalidText`. Skipped only when the input as a whole is not valid UTF-8.
/// 11. Binary versions other than `bplist00`: Foundation reads any `bplist0?` header; Signet knows version 00,
///    the only one written in practice.
/// 12. OpenStep octal escapes (`\303`): Signet documents them as bytes of the string's UTF-8 (`\303\251` is
///    `é`), Foundation as characters of the NeXTSTEP encoding. Text with one is not given to Foundation.
/// 13. An XML document type with `>` inside a quoted literal (XML allows it): Foundation ends the DOCTYPE at
///    the first `>` and reads what follows as the document; Signet skips the quoted literal. Not given to
///    Foundation. Duplicate keys in XML and binary are skipped as in 2 (those readers call them malformed).
/// 14. UTF-16 with an unpaired surrogate (binary strings): Foundation keeps it in its string, a Swift `String`
///    cannot hold it and Signet refuses the input.
/// 15. Binary trailers with an offset or reference size outside 1–8 bytes: Foundation reads past such a size
///    when no reference needs it; Signet checks the trailer first and refuses it.
/// 16. Binary dates that are NaN or infinite: Foundation keeps them as `Date`s, Signet refuses them as no
///    point in time.
/// 17. Inputs on which Foundation could blow up are not given to it (``foundationMightBlowUp``): nesting past
///    twice Signet's depth limit, and inputs over 64 KiB.
/// 18. XML `<data>` that is not strict base64: Foundation's decoder skips characters outside the alphabet
///    (`<data>!AAH+/w==</data>` reads as `AAH+/w==`); Signet refuses them, the same strict base64 as
///    everywhere else in Signet (docs/decisions.md, "Hand-written parsers").
/// 19. XML dates of the right shape with a field out of range (`2026-11-21T39:05:07Z`, `2016-02-30T…`):
///    Foundation rolls them over into a valid date, Signet refuses them (``isOutOfRangeDate(_:)``; any other
///    date Signet refuses still counts).
/// 20. Binary lengths written as integers wider than 8 bytes (marker `0x14`–`0x1F`, 16 bytes to 32 KiB):
///    Foundation reads such a length anyway, Signet refuses it as it refuses every integer outside 1–8 bytes
///    (``hasWideLength(_:at:)``; a length that is not an integer at all still counts).
/// 21. XML `<key>` where a value belongs (an array element, a dictionary's value, the root): CoreFoundation
///    reads it as a `<string>`; Signet refuses it, as the DTD allows `<key>` only as a dictionary's key (found
///    by CI's fuzz run of 2026-11-26: `<key>yes</key>` inside an `<array>`).

public enum PropertyListDifferential {
    /// Runs `bytes` through Signet as `format` and, when fair, through Foundation; stops the process on a
    /// disagreement or an error that is not a `PropertyListError`.
    public static func run(_ bytes: [UInt8], as format: PropertyListFormat, harness: String) {
        let reader = PropertyListReader()
        var signet: Result<PropertyListValue, PropertyListError>
        do {
            signet = .success(try reader.read(bytes, as: format))
        } catch {
            signet = .failure(error)
        }

        guard !foundationMightBlowUp(bytes), !(format == .openStep && hasOctalEscape(bytes)),
              !(format == .xml && hasQuotedBracketInDocumentType(bytes))
        else { return }
        var detected = PropertyListSerialization.PropertyListFormat.binary
        guard let foundation = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &detected),
              detected == foundationFormat(format)
        else { return }

        if format == .xml, case .failure = signet, let end = closingPlistEnd(bytes), end < bytes.count {
            do { signet = .success(try reader.read(Array(bytes[..<end]), as: .xml)) } catch { signet = .failure(error) }
        }
        switch signet {
        case .success(let value):
            if let difference = PropertyListComparison.difference(value, foundation, at: "$") {
                disagreement(harness, "\(difference)\ninput: \(excerpt(bytes))")
            }
        case .failure(let error):
            if isSkipped(error, foundation: foundation, format: format, bytes: bytes) { return }
            disagreement(harness, "Foundation reads the input, Signet refuses it: \(error)\n"
                + "Foundation: \(Describe.foundation(foundation))\ninput: \(excerpt(bytes))")
        }
    }

    static func foundationFormat(_ format: PropertyListFormat) -> PropertyListSerialization.PropertyListFormat {
        switch format {
        case .openStep: .openStep
        case .xml: .xml
        case .binary: .binary
        }
    }

    static func isSkipped(
        _ error: PropertyListError, foundation: Any, format: PropertyListFormat, bytes: [UInt8]
    ) -> Bool {
        if case .malformed(_, let detail, _) = error,
           detail.contains("duplicate dictionary key") || detail.contains("unpaired surrogate") {
            return true
        }
        switch error {
        case .nestingTooDeep, .inputTooLarge, .tooManyValues, .duplicateKey:
            return true
        case .unexpectedCharacter, .unexpectedEnd, .trailingContent, .invalidEscape:
            return format == .openStep
        case .malformed(_, let detail, let offset) where format == .binary:
            return hasKeyThatIsNotAString(foundation) || detail.contains("ASCII string holds a byte above 0x7F")
                || (detail.contains("length of the object is not an integer of 1–8 bytes") && hasWideLength(bytes, at: offset))
                || !bytes.starts(with: Array("bplist00".utf8)) || detail.contains("(each must be 1–8)")
                || detail.contains("is not a point in time")
        case .unsupportedValue:
            return true
        case .invalidText:
            return String(validating: bytes, as: UTF8.self) == nil
        case .malformed(_, let detail, _) where format == .xml:
            return detail.contains("(only UTF-8)") || detail.contains("<data> is not base64") || isOutOfRangeDate(detail)
                || detail == "<key> is not a property-list element"
                || !XMLWellFormedness.isWellFormed(bytes)
        default:
            return false
        }
    }

    /// Whether `detail` refuses a `<date>` of the shape `yyyy-MM-ddTHH:mm:ssZ` (digits where digits go)
    /// whose month, day, hour, minute or second is out of range (skip 19).
    static func isOutOfRangeDate(_ detail: String) -> Bool {
        let prefix = "<date> \"", suffix = "\" is not yyyy-MM-ddTHH:mm:ssZ"
        guard detail.hasPrefix(prefix), detail.hasSuffix(suffix) else { return false }
        let text = Array(detail.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count))
        let shape = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
        guard text.count == shape.count, zip(text, shape).allSatisfy({ byte, expected in
            expected == UInt8(ascii: "d") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == expected
        }) else { return false }
        func field(_ start: Int, _ count: Int) -> Int {
            text[start..<(start + count)].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        let (year, month, day) = (field(0, 4), field(5, 2), field(8, 2))
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return !(1...12).contains(month) || !(1...days[month - 1]).contains(day)
            || field(11, 2) > 23 || field(14, 2) > 59 || field(17, 2) > 59
    }

    /// Whether the binary object whose marker is at `offset` has its length in an integer of more than 8
    /// bytes (skip 20).
    static func hasWideLength(_ bytes: [UInt8], at offset: Int?) -> Bool {
        guard let offset, offset + 1 < bytes.count else { return false }
        return bytes[offset + 1] >> 4 == 0x1 && bytes[offset + 1] & 0x0F > 3
    }

    /// Whether OpenStep text has a backslash followed by an octal digit (possibly a false positive, which
    /// only skips an input).
    static func hasOctalEscape(_ bytes: [UInt8]) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: "\\") && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($1) }
    }

    /// Whether the text from `<!DOCTYPE` to the first `>` holds an odd number of `"` or `'`: a quoted `>`
    /// (XML allows one there), where Foundation ends the document type early.
    static func hasQuotedBracketInDocumentType(_ bytes: [UInt8]) -> Bool {
        let opening = Array("<!DOCTYPE".utf8)
        guard bytes.count >= opening.count,
              let start = (0...(bytes.count - opening.count)).first(where: { bytes[$0..<($0 + opening.count)].elementsEqual(opening) })
        else { return false }
        let rest = bytes[start...]
        let declaration = rest.prefix { $0 != UInt8(ascii: ">") }
        return declaration.count { $0 == UInt8(ascii: "\"") } % 2 == 1 || declaration.count { $0 == UInt8(ascii: "'") } % 2 == 1
    }

    /// Whether a dictionary anywhere in Foundation's value has a key that is not a string.
    static func hasKeyThatIsNotAString(_ value: Any) -> Bool {
        if let dictionary = value as? [AnyHashable: Any] {
            return dictionary.contains { !($0.key.base is String) || hasKeyThatIsNotAString($0.value) }
        }
        if let array = value as? [Any] { return array.contains(where: hasKeyThatIsNotAString) }
        return false
    }

    /// The offset just past the first `</plist>`, if there is one.
    static func closingPlistEnd(_ bytes: [UInt8]) -> Int? {
        let closing = Array("</plist>".utf8)
        guard bytes.count >= closing.count else { return nil }
        for start in 0...(bytes.count - closing.count) where bytes[start..<(start + closing.count)].elementsEqual(closing) {
            return start + closing.count
        }
        return nil
    }

    /// Inputs kept from Foundation: its readers recurse without a depth limit (an input nested deep enough
    /// overflows the stack, a crash that is Foundation's, not Signet's). Text inputs whose brackets could nest
    /// past twice Signet's limit are left out (Signet refuses them anyway), and so is anything over 64 KiB.
    /// Binary plists are given as they are (CoreFoundation refuses cycles, so their depth is bounded by the
    /// object count, which libFuzzer's input lengths keep small), except those with a set: Foundation on Linux
    /// crashes bridging a set to Swift (`NSSet` → `Set<AnyHashable>`), and Signet refuses sets anyway.
    static func foundationMightBlowUp(_ bytes: [UInt8]) -> Bool {
        if bytes.count > 64 << 10 { return true }
        if bytes.starts(with: Array("bplist".utf8)) { return binaryHasSet(bytes) }
        return nestingBound(bytes) > PropertyListLimits.default.maximumDepth * 2
    }

    /// Whether any object the offset table points at has a set marker (0xC_); a trailer that makes no sense
    /// answers false, since Foundation then refuses the input before reading any object.
    static func binaryHasSet(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 8 + 32 else { return false }
        let trailer = bytes.count - 32
        func integer(at offset: Int, size: Int) -> Int? {
            guard size > 0, size <= 8, offset >= 0, offset + size <= bytes.count else { return nil }
            var value: UInt64 = 0
            for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
            return value > UInt64(Int32.max) ? nil : Int(value)
        }
        let offsetSize = Int(bytes[trailer + 6])
        guard let count = integer(at: trailer + 8, size: 8), let table = integer(at: trailer + 24, size: 8),
              count <= bytes.count
        else { return false }
        for index in 0..<count {
            guard let offset = integer(at: table + index * offsetSize, size: offsetSize) else { return false }
            if offset < bytes.count, bytes[offset] >> 4 == 0xC { return true }
        }
        return false
    }

    /// An upper bound on the nesting of OpenStep `{` `(` and XML `<array>` `<dict>`, ignoring quoting.
    static func nestingBound(_ bytes: [UInt8]) -> Int {
        var depth = 0, deepest = 0
        var index = 0
        func next(_ word: String) -> Bool { bytes[(index + 1)...].starts(with: Array(word.utf8)) }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "("): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: ")"): depth = max(depth - 1, 0)
            case UInt8(ascii: "<") where next("array") || next("dict"): depth += 1
            case UInt8(ascii: "<") where next("/array") || next("/dict"): depth = max(depth - 1, 0)
            default: break
            }
            deepest = max(deepest, depth)
            index += 1
        }
        return deepest
    }
}
