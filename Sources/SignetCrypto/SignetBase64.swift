/// Base64 with the standard alphabet and padding (RFC 4648 §4).
///
/// Both directions are done here, in Swift, whatever crypto library is underneath. Decoding is strict,
/// so every rejection can say exactly which byte was wrong: no whitespace, no missing or misplaced `=`,
/// and no non-zero bits hidden in the last character (only the canonical encoding of a byte string is
/// accepted).
public enum SignetBase64 {
    /// Encodes bytes as padded base64 without line breaks.
    public static func encode(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { encode($0) }
    }

    /// Encodes a byte buffer as padded base64 without line breaks.
    public static func encode(_ bytes: UnsafeRawBufferPointer) -> String {
        guard bytes.count > 0 else { return "" }
        let (groups, remainder) = bytes.count.quotientAndRemainder(dividingBy: 3)
        let length = 4 * (groups + (remainder > 0 ? 1 : 0))
        return String(unsafeUninitializedCapacity: length) { output in
            var read = 0, written = 0
            for _ in 0..<groups {
                let quantum = UInt32(bytes[read]) << 16 | UInt32(bytes[read + 1]) << 8 | UInt32(bytes[read + 2])
                output[written] = symbol(quantum >> 18)
                output[written + 1] = symbol(quantum >> 12)
                output[written + 2] = symbol(quantum >> 6)
                output[written + 3] = symbol(quantum)
                read += 3
                written += 4
            }
            if remainder > 0 {
                let second = remainder == 2 ? UInt32(bytes[read + 1]) : 0
                let quantum = UInt32(bytes[read]) << 16 | second << 8
                output[written] = symbol(quantum >> 18)
                output[written + 1] = symbol(quantum >> 12)
                output[written + 2] = remainder == 2 ? symbol(quantum >> 6) : UInt8(ascii: "=")
                output[written + 3] = UInt8(ascii: "=")
                written += 4
            }
            return written
        }
    }

    /// The alphabet's character for the low six bits of `value`.
    @inline(__always)
    private static func symbol(_ value: UInt32) -> UInt8 {
        let index = UInt8(truncatingIfNeeded: value & 0x3F)
        switch index {
        case 0..<26: return UInt8(ascii: "A") + index
        case 26..<52: return UInt8(ascii: "a") + index - 26
        case 52..<62: return UInt8(ascii: "0") + index - 52
        case 62: return UInt8(ascii: "+")
        default: return UInt8(ascii: "/")
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
