import CSignetCrypto

/// Comparisons whose running time does not depend on where the inputs differ (for MACs and signatures).
public enum ConstantTime {
    /// True when both byte strings are equal. Lengths are not secret: different lengths return false at once.
    public static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBytes { left in
            b.withUnsafeBytes { right in
                signet_constant_time_compare(left.baseAddress, right.baseAddress, left.count) == 0
            }
        }
    }

    /// True when the UTF-8 bytes of both strings are equal (no Unicode normalisation: bytes, as sent).
    public static func equals(_ a: String, _ b: String) -> Bool {
        equals(Array(a.utf8), Array(b.utf8))
    }
}
