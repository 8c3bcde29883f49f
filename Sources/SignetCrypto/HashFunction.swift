/// A streaming cryptographic hash: `init`, any number of `update`s, then `finalize`.
///
/// Conforming types (``MD5``, ``SHA1``) are value types: copying a half-fed hasher and feeding the
/// copies differently gives independent results.
public protocol HashFunction {
    /// The digest length in bytes.
    static var byteCount: Int { get }

    /// Starts a new hash. Throws when the crypto library underneath does not offer the algorithm.
    init() throws(CryptoError)

    /// Feeds bytes.
    mutating func update(_ bytes: UnsafeRawBufferPointer)

    /// Returns the digest of everything fed so far and resets the hasher to its initial state.
    mutating func finalize() throws(CryptoError) -> Digest

    /// One-shot digest of a byte buffer.
    static func hash(_ bytes: UnsafeRawBufferPointer) throws(CryptoError) -> Digest
}

extension HashFunction {
    /// Feeds a byte array.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Feeds the UTF-8 bytes of a string.
    public mutating func update(_ string: String) {
        var string = string
        string.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// Feeds any sequence of bytes (contiguous storage is used directly when available).
    public mutating func update(contentsOf bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if done == nil { update(Array(bytes)) }
    }

    /// One-shot digest of a byte array.
    public static func hash(_ bytes: [UInt8]) throws(CryptoError) -> Digest {
        try bytes.withUnsafeBytes { buffer in Result { () throws(CryptoError) in try hash(buffer) } }.get()
    }

    /// One-shot digest of the UTF-8 bytes of a string.
    public static func hash(_ string: String) throws(CryptoError) -> Digest {
        var string = string
        return try string.withUTF8 { buffer in
            Result { () throws(CryptoError) in try hash(UnsafeRawBufferPointer(buffer)) }
        }.get()
    }
}
