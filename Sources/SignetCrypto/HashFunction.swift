import CSignetCrypto

/// A streaming cryptographic hash: `init`, any number of `update`s, then `finalize`.
///
/// Conforming types (``MD5``, ``SHA1``) are value types: copying a half-fed hasher and feeding the
/// copies differently gives independent results.
public protocol HashFunction {
    /// The digest length in bytes.
    static var byteCount: Int { get }

    /// Starts a new hash. Throws when libcrypto does not offer the algorithm.
    init() throws(CryptoError)

    /// Feeds bytes.
    mutating func update(_ bytes: UnsafeRawBufferPointer)

    /// Returns the digest of everything fed so far and resets the hasher to its initial state.
    mutating func finalize() throws(CryptoError) -> Digest
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

    /// One-shot digest of a byte buffer.
    public static func hash(_ bytes: UnsafeRawBufferPointer) throws(CryptoError) -> Digest {
        var hasher = try Self()
        hasher.update(bytes)
        return try hasher.finalize()
    }

    /// One-shot digest of a byte array.
    public static func hash(_ bytes: [UInt8]) throws(CryptoError) -> Digest {
        var hasher = try Self()
        hasher.update(bytes)
        return try hasher.finalize()
    }

    /// One-shot digest of the UTF-8 bytes of a string.
    public static func hash(_ string: String) throws(CryptoError) -> Digest {
        var hasher = try Self()
        hasher.update(string)
        return try hasher.finalize()
    }
}

/// Owns one `EVP_MD_CTX` for a fetched digest; the storage behind ``MD5`` and ``SHA1``.
///
/// A reference type so the context is freed exactly once, deterministically, in `deinit`.
final class DigestContext {
    let algorithm: FetchedDigest
    private(set) var handle: OpaquePointer?
    /// Set when an update failed; reported by the next `finalize`.
    var failed = false

    init(_ algorithm: FetchedDigest) throws(CryptoError) {
        let md = try algorithm.require()
        guard let handle = signet_digest_new(md) else {
            throw .libcryptoFailure("\(algorithm.name) context allocation")
        }
        self.algorithm = algorithm
        self.handle = handle
    }

    private init(copying other: DigestContext) {
        algorithm = other.algorithm
        handle = other.handle.flatMap { signet_digest_copy($0) }
        failed = other.failed || handle == nil
    }

    deinit {
        if let handle { signet_digest_ctx_free(handle) }
    }

    /// An independent copy of the state so far (copy-on-write for the value types).
    func copy() -> DigestContext { DigestContext(copying: self) }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let handle, !failed else { return }
        guard bytes.count > 0, let base = bytes.baseAddress else { return }
        if signet_digest_update(handle, base, bytes.count) != 1 { failed = true }
    }

    func finalize() throws(CryptoError) -> Digest {
        guard let handle, !failed else { throw .libcryptoFailure("\(algorithm.name) update") }
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        let length = output.withUnsafeMutableBufferPointer { buffer in
            signet_digest_final(handle, buffer.baseAddress)
        }
        // Reset so the owner can hash a new message with the same context.
        let reset = signet_digest_reset(handle, try algorithm.require())
        guard length > 0 else { throw .libcryptoFailure("\(algorithm.name) final") }
        if reset != 1 { failed = true }
        output.removeLast(output.count - length)
        return Digest(bytes: output)
    }
}
