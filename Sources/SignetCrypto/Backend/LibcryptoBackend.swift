// The libcrypto backend (see CryptoBackend.swift): Linux's default, compiled unless the manifest defines
// SIGNET_SWIFT_CRYPTO. Algorithms are fetched once, digest contexts pooled, HMAC keys prepared once as
// two SHA-1 states copied per message: the signing benchmark's floor does the same work from C.
#if !SIGNET_SWIFT_CRYPTO
import CSignetCrypto

/// The backend this build uses.
typealias SelectedCryptoBackend = LibcryptoBackend

/// OpenSSL 3's libcrypto through the `CSignetCrypto` shim.
enum LibcryptoBackend: CryptoBackend {
    typealias MD5State = LibcryptoDigestState<LibcryptoMD5>
    typealias SHA1State = LibcryptoDigestState<LibcryptoSHA1>
    typealias MACKey = LibcryptoMACKey
    typealias MACState = LibcryptoMACState

    static var name: String { "libcrypto" }
}

/// A digest algorithm as libcrypto names and fetches it.
protocol LibcryptoDigestAlgorithm {
    /// The algorithm, fetched once per process.
    static var fetched: FetchedDigest { get }
}

/// MD5 for ``LibcryptoDigestState``.
enum LibcryptoMD5: LibcryptoDigestAlgorithm {
    static var fetched: FetchedDigest { .md5 }
}

/// SHA-1 for ``LibcryptoDigestState``.
enum LibcryptoSHA1: LibcryptoDigestAlgorithm {
    static var fetched: FetchedDigest { .sha1 }
}

/// A streaming digest over one `EVP_MD_CTX`, copied on write so the public hashers are values.
struct LibcryptoDigestState<Algorithm: LibcryptoDigestAlgorithm>: DigestBackendState {
    private var context: DigestContext

    init() throws(CryptoError) {
        context = try DigestContext(Algorithm.fetched)
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        context.update(bytes)
    }

    mutating func finalize() throws(CryptoError) -> Digest {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        return try context.finalize()
    }

    /// A pooled context and no object allocation (the one-shot fast path).
    static func hash(_ bytes: UnsafeRawBufferPointer) throws(CryptoError) -> Digest {
        try DigestContext.oneShot(Algorithm.fetched, bytes)
    }
}

/// An HMAC-SHA1 key prepared once, shared between tasks (hence `@unchecked Sendable`: nothing here changes
/// after `init`). A one-shot MAC starts from copies of the two prepared SHA-1 states (no allocation, no
/// reference count, RFC 2104 as `signet_hmac_sha1` computes it); a streamed one duplicates the keyed
/// `EVP_MAC_CTX`. The secret lives only inside those states, wiped on `deinit`.
final class LibcryptoMACKey: MACKeyBackend, @unchecked Sendable {
    let keyed: OpaquePointer
    private let prepared: UnsafeMutablePointer<signet_hmac_sha1_key>

    init(secret: UnsafeRawBufferPointer) throws(CryptoError) {
        let mac = try FetchedMAC.hmac.require()
        guard let context = signet_hmac_new_keyed(mac, "SHA1", secret.baseAddress, secret.count) else {
            throw .libcryptoFailure("HMAC-SHA1 key setup")
        }
        let prepared = UnsafeMutablePointer<signet_hmac_sha1_key>.allocate(capacity: 1)
        guard signet_hmac_sha1_prepare(prepared, secret.baseAddress, secret.count) == 1 else {
            signet_hmac_sha1_clear(prepared)
            prepared.deallocate()
            signet_hmac_ctx_free(context)
            throw .libcryptoFailure("HMAC-SHA1 key setup")
        }
        keyed = context
        self.prepared = prepared
    }

    deinit {
        signet_hmac_ctx_free(keyed)
        signet_hmac_sha1_clear(prepared)
        prepared.deallocate()
    }

    /// The MAC of `bytes`, from copies of the prepared states.
    func authenticationCode(for bytes: UnsafeRawBufferPointer) throws(CryptoError) -> Digest {
        var scratch = (UInt64(0), UInt64(0), UInt64(0))
        let succeeded = withUnsafeMutableBytes(of: &scratch) { out in
            guard let base = out.baseAddress else { return false }
            return signet_hmac_sha1(prepared, bytes.baseAddress, bytes.count, base.assumingMemoryBound(to: UInt8.self)) == 1
        }
        guard succeeded else { throw .libcryptoFailure("HMAC-SHA1") }
        return withUnsafeBytes(of: &scratch) { Digest(copying: $0, count: 20) }
    }
}

/// One HMAC computation over a duplicate of the keyed context, copied on write.
struct LibcryptoMACState: MACBackendState {
    private var context: MACContext

    init(key: LibcryptoMACKey) throws(CryptoError) {
        context = try MACContext(duplicating: key.keyed)
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        context.update(bytes)
    }

    mutating func finalize() throws(CryptoError) -> Digest {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        return try context.finalize()
    }
}
#endif
