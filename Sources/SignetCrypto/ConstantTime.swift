/// Comparisons whose running time does not depend on where the inputs differ (for MACs and signatures).
///
/// Plain Swift, whatever crypto library is underneath: every byte pair is XORed into one accumulator and
/// the loop has no early exit, so the time depends only on the length (which is not secret).
public enum ConstantTime {
    /// True when both byte strings are equal. Lengths are not secret: different lengths return false at once.
    public static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { left in b.withUnsafeBytes { right in bytesEqual(left, right) } }
    }

    /// True when the UTF-8 bytes of both strings are equal (no Unicode normalisation: bytes, as sent).
    public static func equals(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        // In place: a native string's UTF-8 is contiguous already (copying both into arrays cost two allocations),
        // and read without a mutable copy of either string.
        if let equal = a.utf8.withContiguousStorageIfAvailable({ left in
            b.utf8.withContiguousStorageIfAvailable { right in bytesEqual(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right)) }
        }), let equal {
            return equal
        }
        var a = a, b = b
        return a.withUTF8 { left in b.withUTF8 { right in bytesEqual(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right)) } }
    }

    /// True when both buffers hold the same bytes (different lengths return false at once).
    package static func equals(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && bytesEqual(a, b)
    }

    /// The comparison itself, over two buffers of the same length.
    @inline(never)
    private static func bytesEqual(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        var difference: UInt8 = 0
        for index in 0..<min(left.count, right.count) {
            difference |= left[index] ^ right[index]
        }
        return difference == 0
    }
}
