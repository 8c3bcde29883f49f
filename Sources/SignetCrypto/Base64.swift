import CSignetCrypto

/// Base64 with the standard alphabet and padding (RFC 4648 §4).
///
/// Encoding goes through libcrypto; decoding is strict and done here, so every rejection can say
/// exactly which byte was wrong: no whitespace, no missing or misplaced `=`, and no non-zero bits
/// hidden in the last character (only the canonical encoding of a byte string is accepted).
public enum Base64 {
    /// Encodes bytes as padded base64 without line breaks.
    public static func encode(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { encode($0) }
    }

    /// Encodes a byte buffer as padded base64 without line breaks.
    public static func encode(_ bytes: UnsafeRawBufferPointer) -> String {
        guard bytes.count > 0, let base = bytes.baseAddress else { return "" }
        let length = 4 * ((bytes.count + 2) / 3)
        // EVP_EncodeBlock takes an int length, so very large inputs go through in slices of whole
        // 3-byte groups. It writes a terminating NUL after its text, hence one spare byte of capacity.
        let slice = 3 << 28
        return String(unsafeUninitializedCapacity: length + 1) { buffer in
            guard let output = buffer.baseAddress else { return 0 }
            var read = 0, written = 0
            while read < bytes.count {
                let count = min(slice, bytes.count - read)
                written += signet_base64_encode(output + written, base + read, count)
                read += count
            }
            return written
        }
    }

    /// Decodes strict, padded base64; throws ``Base64DecodingError`` naming the offending offset.
    public static func decode(_ text: String) throws(Base64DecodingError) -> [UInt8] {
        try decode(utf8: Array(text.utf8))
    }

    /// Decodes strict, padded base64 from its UTF-8 (ASCII) bytes.
    public static func decode(utf8 input: [UInt8]) throws(Base64DecodingError) -> [UInt8] {
        guard input.count % 4 == 0 else { throw .invalidLength(input.count) }
        if input.isEmpty { return [] }
        var padding = 0
        if input[input.count - 1] == UInt8(ascii: "=") { padding += 1 }
        if input[input.count - 2] == UInt8(ascii: "=") { padding += 1 }

        var output = [UInt8]()
        output.reserveCapacity(input.count / 4 * 3 - padding)
        var offset = 0
        while offset < input.count {
            let isLastQuantum = offset + 4 == input.count
            let significant = isLastQuantum ? 4 - padding : 4
            var quantum: UInt32 = 0
            for index in 0..<4 {
                let position = offset + index
                let byte = input[position]
                if index < significant {
                    guard let value = sextet(byte) else {
                        if byte == UInt8(ascii: "=") { throw .misplacedPadding(offset: position) }
                        throw .invalidCharacter(byte, offset: position)
                    }
                    quantum = quantum << 6 | UInt32(value)
                } else {
                    quantum <<= 6 // padding position, already known to be "="
                }
            }
            output.append(UInt8(truncatingIfNeeded: quantum >> 16))
            if significant > 2 { output.append(UInt8(truncatingIfNeeded: quantum >> 8)) }
            if significant > 3 { output.append(UInt8(truncatingIfNeeded: quantum)) }
            // Bits below the last output byte must be zero in the canonical encoding.
            let unusedBits: UInt32 = significant == 2 ? 0xFFFF : (significant == 3 ? 0xFF : 0)
            if quantum & unusedBits != 0 { throw .nonCanonicalTrailingBits(offset: offset + significant - 1) }
            offset += 4
        }
        return output
    }

    @inline(__always)
    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}

/// Why a base64 string was rejected, with the byte offset of the fault.
public enum Base64DecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The length is not a multiple of four (padding is required).
    case invalidLength(Int)
    /// A byte outside the standard alphabet (whitespace and the URL-safe `-` `_` included).
    case invalidCharacter(UInt8, offset: Int)
    /// An `=` before the last two positions, or followed by a non-`=`.
    case misplacedPadding(offset: Int)
    /// The last character carries bits that no byte string encodes to (not canonical).
    case nonCanonicalTrailingBits(offset: Int)

    /// Names the fault and the byte offset.
    public var description: String {
        switch self {
        case .invalidLength(let length):
            return "invalid base64: length \(length) is not a multiple of 4"
        case .invalidCharacter(let byte, let offset):
            let shown = (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(Hex.encode([byte]))"
            return "invalid base64: \(shown) at offset \(offset) is not in the base64 alphabet"
        case .misplacedPadding(let offset):
            return "invalid base64: padding '=' at offset \(offset) is not at the end"
        case .nonCanonicalTrailingBits(let offset):
            return "invalid base64: character at offset \(offset) has non-zero unused bits"
        }
    }
}
