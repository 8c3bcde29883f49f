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
    private var state: SelectedCryptoBackend.MD5State

    /// Starts a new MD5 hash.
    public init() throws(CryptoError) {
        state = try SelectedCryptoBackend.MD5State()
    }

    /// Feeds bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        state.update(bytes)
    }

    /// One-shot digest of a byte buffer, on the fastest path the crypto library underneath offers.
    public static func hash(_ bytes: UnsafeRawBufferPointer) throws(CryptoError) -> Digest {
        try SelectedCryptoBackend.MD5State.hash(bytes)
    }

    /// Returns the digest of everything fed so far and resets to the initial state.
    public mutating func finalize() throws(CryptoError) -> Digest {
        try state.finalize()
    }
}
