import CSignetCrypto

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
