/// Percent-decoding and -encoding of URL parts, on bytes (FoundationEssentials has neither).
package enum PercentEncoding {
    /// `text` with every `%XX` escape decoded, or `nil` when an escape is malformed or the bytes decoded are
    /// not UTF-8 (as Foundation's `removingPercentEncoding`).
    package static func decode(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                    return nil
                }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    /// `text` with every UTF-8 byte outside `allowed` written as `%XX` (uppercase hex).
    package static func encode(_ text: String, allowing allowed: (UInt8) -> Bool) -> String {
        var encoded: [UInt8] = []
        for byte in text.utf8 {
            if allowed(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// The bytes Foundation's `CharacterSet.urlPathAllowed` holds: letters, digits and `!$&'()*+,-./:=@_~`.
    package static func isPathAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!$&'()*+,-./:=@_~".utf8).contains(byte)
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
