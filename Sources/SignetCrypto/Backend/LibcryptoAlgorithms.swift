// The libcrypto backend (see CryptoBackend.swift): algorithms fetched once and pooled digest contexts.
#if !SIGNET_SWIFT_CRYPTO
import CSignetCrypto
import Synchronization

/// A digest algorithm fetched from libcrypto once per process.
///
/// On OpenSSL 3 every `EVP_get_digestbyname`-style lookup or one-shot call fetches the algorithm again,
/// which costs about as much as hashing a small message. Fetching once and reusing the handle is what
/// makes per-message hashing cheap. Fetched algorithm objects are immutable and documented as safe to
/// share between threads, hence `@unchecked Sendable`.
final class FetchedDigest: @unchecked Sendable {
    /// The OpenSSL name ("MD5", "SHA1").
    let name: String
    private let handle: OpaquePointer?
    /// Idle contexts for this algorithm, reused by the next hasher.
    let pool = DigestContextPool()

    private init(name: String) {
        self.name = name
        self.handle = signet_digest_fetch(name)
    }

    deinit {
        if let handle { signet_digest_free(handle) }
    }

    /// The `EVP_MD *`, or ``CryptoError/algorithmUnavailable(_:)`` when the provider lacks it.
    func require() throws(CryptoError) -> OpaquePointer {
        guard let handle else { throw .algorithmUnavailable(name) }
        return handle
    }

    static let md5 = FetchedDigest(name: "MD5")
    static let sha1 = FetchedDigest(name: "SHA1")
}

/// The HMAC algorithm fetched once per process (see ``FetchedDigest`` for why).
final class FetchedMAC: @unchecked Sendable {
    private let handle: OpaquePointer?

    private init() { handle = signet_hmac_fetch() }

    deinit {
        if let handle { signet_hmac_free(handle) }
    }

    /// The `EVP_MAC *` for HMAC.
    func require() throws(CryptoError) -> OpaquePointer {
        guard let handle else { throw .algorithmUnavailable("HMAC") }
        return handle
    }

    static let hmac = FetchedMAC()
}

/// A small bounded stack of idle `EVP_MD_CTX`s, so hashing a message does not allocate a context.
///
/// At most ``capacity`` contexts wait here (one per concurrently hashing thread is the useful number);
/// a context released when the pool is full is freed at once, so memory stays bounded and steady.
/// A context is reset (`EVP_DigestInit_ex2`) when it is taken, not when it is returned.
final class DigestContextPool: @unchecked Sendable {
    /// The most idle contexts kept.
    static let capacity = 16
    /// Addresses of idle contexts (as integers: raw pointers are not `Sendable`, addresses are).
    private let idle = Mutex<[UInt]>([])

    /// An idle context, or nil when there is none.
    func acquire() -> OpaquePointer? {
        idle.withLock { $0.popLast() }.flatMap { OpaquePointer(bitPattern: $0) }
    }

    /// Returns a context; frees it when the pool is full.
    func release(_ context: OpaquePointer) {
        let address = UInt(bitPattern: context)
        let kept = idle.withLock { contexts -> Bool in
            guard contexts.count < Self.capacity else { return false }
            contexts.append(address)
            return true
        }
        if !kept { signet_digest_ctx_free(context) }
    }
}
#endif
