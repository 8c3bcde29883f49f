/// What SignetCrypto asks of the cryptographic library underneath it: streaming MD5 and SHA-1, and
/// HMAC-SHA1 over a key prepared once. Base64, hex and constant-time comparison are Signet's own Swift.
///
/// Exactly one backend is compiled into a build, and `Package.swift` alone chooses it:
/// - **libcrypto** (OpenSSL 3 through the `CSignetCrypto` shim): Linux, by default; the fastest path.
///   Files: `LibcryptoBackend.swift`, `LibcryptoContexts.swift`, `LibcryptoAlgorithms.swift`.
/// - **CryptoKit's API**: Apple's CryptoKit on Apple platforms (no package), or apple/swift-crypto
///   (BoringSSL on Linux) everywhere when the package trait `SwiftCryptoBackend` is on. File:
///   `SwiftCryptoBackend.swift`.
///
/// The manifest defines `SIGNET_SWIFT_CRYPTO` for the second case (and `SIGNET_SWIFT_CRYPTO_PACKAGE` when it
/// is swift-crypto); each backend file is wrapped in that
/// condition and declares `SelectedCryptoBackend`. These files are the only ones that test it: the public
/// types (``MD5``, ``SHA1``, ``HMACKey``, ``HMAC``) hold `SelectedCryptoBackend`'s state types directly,
/// with no existential and no dynamic dispatch, so the choice costs nothing at run time, and nothing
/// above SignetCrypto can tell which backend runs.
protocol CryptoBackend {
    /// MD5's streaming state.
    associatedtype MD5State: DigestBackendState
    /// SHA-1's streaming state.
    associatedtype SHA1State: DigestBackendState
    /// An HMAC-SHA1 key, prepared once and shared by every message (and every task) that uses it.
    associatedtype MACKey: MACKeyBackend
    /// One HMAC-SHA1 computation, started from a prepared key.
    associatedtype MACState: MACBackendState where MACState.Key == MACKey

    /// A short name for reports ("libcrypto", "swift-crypto").
    static var name: String { get }
}

/// A backend's streaming hash state for one algorithm; a value: copies continue independently.
protocol DigestBackendState {
    /// A state that has hashed nothing. Throws when the library does not offer the algorithm.
    init() throws(CryptoError)
    /// Feeds bytes. A failure is remembered and reported by the next ``finalize()``.
    mutating func update(_ bytes: UnsafeRawBufferPointer)
    /// The digest of everything fed so far; the state starts again from nothing afterwards.
    mutating func finalize() throws(CryptoError) -> Digest
    /// One-shot digest of a byte buffer, on the cheapest path the backend has.
    static func hash(_ bytes: UnsafeRawBufferPointer) throws(CryptoError) -> Digest
}

/// A backend's prepared HMAC-SHA1 key: keyed once, only ever read afterwards (so safe to share).
protocol MACKeyBackend: Sendable {
    /// Keys the secret bytes (any length; longer than the block is hashed first, as HMAC says).
    init(secret: UnsafeRawBufferPointer) throws(CryptoError)
    /// One-shot MAC of a byte buffer.
    func authenticationCode(for bytes: UnsafeRawBufferPointer) throws(CryptoError) -> Digest
}

/// A backend's HMAC-SHA1 computation in progress; a value: copies continue independently.
protocol MACBackendState {
    /// The prepared key type it starts from.
    associatedtype Key
    /// A computation that has MACed nothing yet under `key`.
    init(key: Key) throws(CryptoError)
    /// Feeds bytes.
    mutating func update(_ bytes: UnsafeRawBufferPointer)
    /// The MAC of everything fed; the state is spent afterwards, and a second call throws.
    mutating func finalize() throws(CryptoError) -> Digest
}

/// Which backend this build of SignetCrypto runs, for benchmarks and tests that report it.
///
/// Code outside SignetCrypto prints this; it never branches on it.
package enum CryptoBackendInfo {
    /// "libcrypto" or "swift-crypto".
    package static var name: String { SelectedCryptoBackend.name }
}
