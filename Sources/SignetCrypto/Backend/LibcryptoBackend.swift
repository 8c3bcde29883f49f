// The libcrypto backend (see CryptoBackend.swift): Linux's default, compiled unless the manifest defines
// SIGNET_SWIFT_CRYPTO. Algorithms are fetched once, digest contexts pooled, HMAC keys keyed once and
// duplicated per message: the signing benchmark's floor does the same work from C.
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

/// An `EVP_MAC_CTX` keyed once: per message it is duplicated, never re-keyed and never fed, so sharing
/// it between tasks is safe (hence `@unchecked Sendable`). The secret lives only inside libcrypto.
final class LibcryptoMACKey: MACKeyBackend, @unchecked Sendable {
    let keyed: OpaquePointer

    init(secret: UnsafeRawBufferPointer) throws(CryptoError) {
        let mac = try FetchedMAC.hmac.require()
        guard let context = signet_hmac_new_keyed(mac, "SHA1", secret.baseAddress, secret.count) else {
            throw .libcryptoFailure("HMAC-SHA1 key setup")
        }
        keyed = context
    }

    deinit { signet_hmac_ctx_free(keyed) }

    /// Duplicate the keyed context, feed, finish, free: no Swift object.
    func authenticationCode(for bytes: UnsafeRawBufferPointer) throws(CryptoError) -> Digest {
        guard let context = signet_hmac_dup(keyed) else { throw .libcryptoFailure("HMAC context duplication") }
        defer { signet_hmac_ctx_free(context) }
        if bytes.count > 0, let base = bytes.baseAddress, signet_hmac_update(context, base, bytes.count) != 1 {
            throw .libcryptoFailure("HMAC-SHA1 update")
        }
        return try MACContext.final(context)
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
