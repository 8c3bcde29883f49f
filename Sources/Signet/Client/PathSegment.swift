/// Percent-encoding for one segment of a request path (RFC 3986 `pchar`, so `/`, `?`, `#`, `%` and
/// everything outside ASCII are escaped): for ids and names that service clients put into paths.
package enum PathSegment {
    /// RFC 3986 `pchar` without `pct-encoded`: unreserved, sub-delims, `:` and `@`.
    package static let pchar = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@"
    private static let allowed: Set<UInt8> = Set(pchar.utf8)
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// `segment` with every byte outside `pchar` written as `%XX` (uppercase hex).
    package static func encode(_ segment: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        for byte in segment.utf8 {
            if allowed.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
