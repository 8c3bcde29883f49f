/// The output of a hash function or MAC: a short byte string with hex and base64 views.
public struct Digest: Sendable, Hashable, CustomStringConvertible {
    /// The raw bytes (16 for MD5, 20 for SHA-1 and HMAC-SHA1).
    public let bytes: [UInt8]

    /// Wraps bytes produced by a hash or MAC.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Lowercase hexadecimal, two characters per byte.
    public var hex: String { Hex.encode(bytes) }

    /// Standard padded base64 (RFC 4648 §4).
    public var base64: String { Base64.encode(bytes) }

    /// Compares with another digest in time independent of where they differ.
    public func constantTimeEquals(_ other: Digest) -> Bool {
        ConstantTime.equals(bytes, other.bytes)
    }

    /// The lowercase hex form.
    public var description: String { hex }
}
