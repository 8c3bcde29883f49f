/// SHA-1 (FIPS 180-4, RFC 3174), the hash under the GameSystem HMAC.
///
/// ```swift
/// let digest = try SHA1.hash("hello")          // one shot
/// var sha1 = try SHA1(); sha1.update(chunk)       // streaming
/// let hex = try sha1.finalize().hex
/// ```
public struct SHA1: HashFunction {
    /// 20 bytes.
    public static let byteCount = 20
    private var state: SelectedCryptoBackend.SHA1State

    /// Starts a new SHA-1 hash.
    public init() throws(CryptoError) {
        state = try SelectedCryptoBackend.SHA1State()
    }

    /// Feeds bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        state.update(bytes)
    }

    /// One-shot digest of a byte buffer, on the fastest path the crypto library underneath offers.
    public static func hash(_ bytes: UnsafeRawBufferPointer) throws(CryptoError) -> Digest {
        try SelectedCryptoBackend.SHA1State.hash(bytes)
    }

    /// Returns the digest of everything fed so far and resets to the initial state.
    public mutating func finalize() throws(CryptoError) -> Digest {
        try state.finalize()
    }
}
