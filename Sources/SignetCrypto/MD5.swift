/// MD5 (RFC 1321), used by the GameSystem scheme for `Content-MD5`. Not for new security designs.
///
/// ```swift
/// let digest = try MD5.hash("hello")          // one shot
/// var md5 = try MD5(); md5.update(chunk)       // streaming
/// let base64 = try md5.finalize().base64
/// ```
public struct MD5: HashFunction {
    /// 16 bytes.
    public static let byteCount = 16
    private var context: DigestContext

    /// Starts a new MD5 hash.
    public init() throws(CryptoError) {
        context = try DigestContext(.md5)
    }

    /// Feeds bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        context.update(bytes)
    }

    /// One-shot digest of a byte buffer, with a pooled context and no per-call object allocation.
    public static func hash(_ bytes: UnsafeRawBufferPointer) throws(CryptoError) -> Digest {
        try DigestContext.oneShot(.md5, bytes)
    }

    /// Returns the digest of everything fed so far and resets to the initial state.
    public mutating func finalize() throws(CryptoError) -> Digest {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        return try context.finalize()
    }
}
