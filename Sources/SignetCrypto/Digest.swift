/// The output of a hash function or MAC: a short byte string with hex and base64 views.
///
/// The bytes live inline (up to 64, SHA-512's size), so producing a digest and
/// turning it into hex or base64 allocates only the resulting string.
public struct Digest: Sendable, Hashable, CustomStringConvertible {
    /// Sixty-four bytes in a struct, not a tuple: reaching a tuple's bytes looks its type's metadata up at run
    /// time, on every digest (a struct's is static).
    private struct Storage {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    }
    private var storage = Storage()
    /// The digest length in bytes (16 for MD5, 20 for SHA-1 and HMAC-SHA1).
    public let count: Int

    /// The largest digest a `Digest` holds.
    public static let maximumByteCount = 64

    /// Wraps bytes produced by a hash or MAC (at most ``maximumByteCount``; longer input is truncated).
    public init(bytes: some Collection<UInt8>) {
        count = min(bytes.count, Self.maximumByteCount)
        withUnsafeMutableBytes(of: &storage) { raw in
            for (index, byte) in bytes.prefix(Self.maximumByteCount).enumerated() { raw[index] = byte }
        }
    }

    /// Copies `count` bytes from a buffer filled by the crypto library.
    init(copying buffer: UnsafeRawBufferPointer, count: Int) {
        self.count = min(count, Self.maximumByteCount, buffer.count)
        let length = self.count
        withUnsafeMutableBytes(of: &storage) { raw in
            raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<length]))
        }
    }

    /// Calls `body` with the digest's bytes, without copying them.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        var storage = storage
        let length = count
        return try Swift.withUnsafeBytes(of: &storage) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<length])) }
    }

    /// Whether `text` is these bytes in lowercase hex, compared in constant time (``Hex``). Here, where the
    /// bytes are read without a generic call: a MAC check makes one on every verified request.
    package func constantTimeEquals(lowercaseHex text: UnsafeRawBufferPointer) -> Bool {
        withUnsafeBytes { Hex.constantTimeEquals($0, lowercaseHex: text) }
    }

    /// The raw bytes.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Lowercase hexadecimal, two characters per byte.
    public var hex: String { withUnsafeBytes { Hex.encode($0) } }

    /// Standard padded base64 (RFC 4648 §4).
    public var base64: String { withUnsafeBytes { SignetBase64.encode($0) } }

    /// Compares with another digest in time independent of where they differ.
    public func constantTimeEquals(_ other: Digest) -> Bool {
        ConstantTime.equals(bytes, other.bytes)
    }

    /// Equal when the bytes are equal.
    public static func == (lhs: Digest, rhs: Digest) -> Bool {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in left.elementsEqual(right) } }
    }

    /// Hashes the bytes.
    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// The lowercase hex form.
    public var description: String { hex }
}
