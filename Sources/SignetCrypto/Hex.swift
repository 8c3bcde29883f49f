/// Lowercase hexadecimal, as the GameSystem signature and the test vectors write digests.
public enum Hex {
    /// Two lowercase hex characters per byte.
    public static func encode(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { encode($0) }
    }

    /// Two lowercase hex characters per byte of a buffer.
    public static func encode(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { write(bytes, into: $0) }
    }

    /// Writes two lowercase hex characters per byte into `output` (room for `2 * bytes.count`);
    /// returns how many were written (fewer only when `output` is too small).
    public static func write(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var index = 0
        for byte in bytes where index + 1 < output.count {
            output[index] = hexDigit(byte >> 4)
            output[index + 1] = hexDigit(byte & 0x0F)
            index += 2
        }
        return index
    }

    /// Whether `text` is exactly `bytes` in lowercase hex, in time that depends on the lengths alone: each
    /// character is compared with the digit it should be, and the differences are gathered before anything
    /// is decided (what a MAC check needs: no hex written out, and no early exit at the first wrong digit).
    package static func constantTimeEquals(_ bytes: UnsafeRawBufferPointer, lowercaseHex text: UnsafeRawBufferPointer) -> Bool {
        guard text.count == 2 * bytes.count else { return false }
        var difference: UInt8 = 0
        for (index, byte) in bytes.enumerated() {
            difference |= text[2 * index] ^ hexDigit(byte >> 4)
            difference |= text[2 * index + 1] ^ hexDigit(byte & 0x0F)
        }
        return difference == 0
    }

    /// The sixteen digits, looked up: a digit chosen by comparing the nibble with 10 is a branch the CPU
    /// mispredicts about half the time over a MAC's random bytes.
    private static let digits: StaticString = "0123456789abcdef"

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        digits.utf8Start[Int(nibble & 0x0F)]
    }

    /// Decodes hex (either case); throws ``HexDecodingError`` naming the offending offset.
    public static func decode(_ text: String) throws(HexDecodingError) -> [UInt8] {
        let input = Array(text.utf8)
        guard input.count % 2 == 0 else { throw .oddLength(input.count) }
        var output = [UInt8]()
        output.reserveCapacity(input.count / 2)
        var offset = 0
        while offset < input.count {
            guard let high = nibble(input[offset]) else { throw .invalidCharacter(input[offset], offset: offset) }
            guard let low = nibble(input[offset + 1]) else { throw .invalidCharacter(input[offset + 1], offset: offset + 1) }
            output.append(high << 4 | low)
            offset += 2
        }
        return output
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// Why a hex string was rejected.
public enum HexDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Hex needs two characters per byte.
    case oddLength(Int)
    /// A byte that is not a hex digit, at this offset.
    case invalidCharacter(UInt8, offset: Int)

    /// Names the fault and where.
    public var description: String {
        switch self {
        case .oddLength(let length): return "invalid hex: odd length \(length)"
        case .invalidCharacter(let byte, let offset): return "invalid hex: byte 0x\(Hex.encode([byte])) at offset \(offset)"
        }
    }
}
