/// Checks that a request's path (with its query) is a request target every transport sends byte for
/// byte as it is: RFC 3986's `path-abempty [ "?" query ]`, with `%` only in `%XX` escapes.
///
/// A signed request must reach the server exactly as signed. `URLSession` and AsyncHTTPClient re-encode a
/// target that is not valid (`[` becomes `%5B`, `%zz` becomes `%25zz`, a `#fragment` is dropped), so the
/// server sees a different target than the signature covers; NIO's encoder refuses it with an unhelpful
/// "invalid character in header". ``SignetClient`` therefore refuses such a path before the chain runs.
package enum RequestTarget {
    /// The ASCII bytes allowed unescaped (`pchar`, `/` and `?`), as two bit masks.
    private static let allowed: (low: UInt64, high: UInt64) = {
        var low: UInt64 = 0, high: UInt64 = 0
        for byte in (PathSegment.pchar + "/?").utf8 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        return (low, high)
    }()

    /// Why `target` cannot be sent as it is, naming the first offending character and its byte offset;
    /// nil when it can. `*` alone (the asterisk form) is accepted.
    package static func problem(in target: String) -> String? {
        if target == "*" { return nil }
        let (low, high) = allowed
        var utf8 = target.utf8.makeIterator()
        var offset = 0
        while let byte = utf8.next() {
            defer { offset += 1 }
            if byte < 64 {
                if low & (1 << UInt64(byte)) != 0 { continue }
            } else if byte < 128 {
                if high & (1 << UInt64(byte - 64)) != 0 { continue }
            }
            if byte == UInt8(ascii: "%") {
                if let first = utf8.next(), let second = utf8.next(), isHex(first), isHex(second) {
                    offset += 2
                    continue
                }
                return "'%' at byte \(offset) of the request target does not start a %XX escape: write it as %25"
            }
            return "\(describe(byte)) at byte \(offset) of the request target is not allowed there unescaped (RFC 3986): "
                + "percent-encode it, and sign what is sent"
        }
        return nil
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// `' '`, `'['`, or the byte in hex for controls and bytes outside ASCII.
    private static func describe(_ byte: UInt8) -> String {
        if byte > 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "a space" }
        return "the byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
