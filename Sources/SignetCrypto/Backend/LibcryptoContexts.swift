// The libcrypto backend (see CryptoBackend.swift): the Swift owners of libcrypto's digest and MAC contexts,
// each freed (or returned to its pool) exactly once.
#if !SIGNET_SWIFT_CRYPTO
import CSignetCrypto

/// Owns one `EVP_MD_CTX` for a fetched digest; the storage behind ``LibcryptoDigestState`` (MD5, SHA-1).
///
/// A reference type so the context is freed exactly once, deterministically, in `deinit`.
final class DigestContext {
    let algorithm: FetchedDigest
    private(set) var handle: OpaquePointer?
    /// Set when an update failed; reported by the next `finalize`.
    var failed = false
    /// Set by `finalize`; the context is re-initialised before it is fed again.
    private var finalized = false

    init(_ algorithm: FetchedDigest) throws(CryptoError) {
        self.handle = try Self.acquire(algorithm)
        self.algorithm = algorithm
    }

    /// A context ready for a new message: an idle one from the pool (reusing it skips three allocations,
    /// about 10 % of hashing a 1 KiB body), else a new one.
    private static func acquire(_ algorithm: FetchedDigest) throws(CryptoError) -> OpaquePointer {
        let md = try algorithm.require()
        if let pooled = algorithm.pool.acquire() {
            if signet_digest_reset(pooled, md) == 1 { return pooled }
            signet_digest_ctx_free(pooled)
        }
        guard let fresh = signet_digest_new(md) else { throw .libcryptoFailure("\(algorithm.name) context allocation") }
        return fresh
    }

    private init(copying other: DigestContext) {
        algorithm = other.algorithm
        handle = other.handle.flatMap { signet_digest_copy($0) }
        failed = other.failed || handle == nil
    }

    deinit {
        if let handle { algorithm.pool.release(handle) }
    }

    /// An independent copy of the state so far (copy-on-write for the value types).
    func copy() -> DigestContext { DigestContext(copying: self) }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let handle, !failed else { return }
        if finalized { restart(handle) }
        guard bytes.count > 0, let base = bytes.baseAddress else { return }
        if signet_digest_update(handle, base, bytes.count) != 1 { failed = true }
    }

    func finalize() throws(CryptoError) -> Digest {
        guard let handle, !failed else { throw .libcryptoFailure("\(algorithm.name) update") }
        if finalized { restart(handle) }
        finalized = true
        return try Self.final(handle, algorithm)
    }

    private func restart(_ handle: OpaquePointer) {
        finalized = false
        guard let md = try? algorithm.require(), signet_digest_reset(handle, md) == 1 else { failed = true; return }
    }

    /// Finishes `handle` into a ``Digest`` of the exact length.
    static func final(_ handle: OpaquePointer, _ algorithm: FetchedDigest) throws(CryptoError) -> Digest {
        var scratch = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        let length = withUnsafeMutableBytes(of: &scratch) { buffer in
            signet_digest_final(handle, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self))
        }
        guard length > 0, length <= MemoryLayout.size(ofValue: scratch) else {
            throw .libcryptoFailure("\(algorithm.name) final")
        }
        return withUnsafeBytes(of: &scratch) { Digest(copying: $0, count: length) }
    }

    /// Hashes one message with a pooled context and no object allocation (the one-shot fast path).
    static func oneShot(_ algorithm: FetchedDigest, _ bytes: UnsafeRawBufferPointer) throws(CryptoError) -> Digest {
        let handle = try acquire(algorithm)
        defer { algorithm.pool.release(handle) }
        if bytes.count > 0, let base = bytes.baseAddress, signet_digest_update(handle, base, bytes.count) != 1 {
            throw .libcryptoFailure("\(algorithm.name) update")
        }
        return try final(handle, algorithm)
    }
}

/// Owns one `EVP_MAC_CTX`; freed exactly once in `deinit`.
final class MACContext {
    /// nil only when duplication failed; `finalize` then reports the failure.
    private let handle: OpaquePointer?
    private var state: State

    private enum State { case open, failed, finalized }

    init(duplicating source: OpaquePointer) throws(CryptoError) {
        guard let handle = signet_hmac_dup(source) else { throw .libcryptoFailure("HMAC context duplication") }
        self.handle = handle
        self.state = .open
    }

    private init(handle: OpaquePointer?, state: State) {
        self.handle = handle
        self.state = handle == nil ? .failed : state
    }

    deinit {
        if let handle { signet_hmac_ctx_free(handle) }
    }

    /// An independent copy of the state so far (copy-on-write for ``HMAC``).
    func copy() -> MACContext {
        MACContext(handle: handle.flatMap { signet_hmac_dup($0) }, state: state)
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard state == .open, let handle, bytes.count > 0, let base = bytes.baseAddress else { return }
        if signet_hmac_update(handle, base, bytes.count) != 1 { state = .failed }
    }

    func finalize() throws(CryptoError) -> Digest {
        guard let handle, state != .failed else { throw .libcryptoFailure("HMAC-SHA1 update") }
        guard state == .open else { throw .libcryptoFailure("HMAC-SHA1 finalize called twice") }
        state = .finalized
        return try Self.final(handle)
    }

    /// Finishes `handle` into a ``Digest`` of the exact length.
    static func final(_ handle: OpaquePointer) throws(CryptoError) -> Digest {
        var scratch = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        let length = withUnsafeMutableBytes(of: &scratch) { buffer in
            signet_hmac_final(handle, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count)
        }
        guard length > 0 else { throw .libcryptoFailure("HMAC-SHA1 final") }
        return withUnsafeBytes(of: &scratch) { Digest(copying: $0, count: length) }
    }
}
#endif
