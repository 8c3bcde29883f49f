// The CryptoKit-shaped backend (see CryptoBackend.swift). Compiled when the manifest defines
// SIGNET_SWIFT_CRYPTO: on every Apple platform, and everywhere with the package trait `SwiftCryptoBackend`.
// With the trait (SIGNET_SWIFT_CRYPTO_PACKAGE) it runs on apple/swift-crypto (BoringSSL on Linux); without
// it, on an Apple platform, on the system's CryptoKit, so an app pins no crypto package. The two share an API.
#if SIGNET_SWIFT_CRYPTO
#if SIGNET_SWIFT_CRYPTO_PACKAGE
internal import Crypto
#else
internal import CryptoKit
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#endif

/// The backend this build uses.
typealias SelectedCryptoBackend = SwiftCryptoBackend

/// apple/swift-crypto, or CryptoKit: `Insecure.MD5`, `Insecure.SHA1` and `HMAC<Insecure.SHA1>`.
enum SwiftCryptoBackend: CryptoBackend {
    typealias MD5State = SwiftCryptoDigestState<Insecure.MD5>
    typealias SHA1State = SwiftCryptoDigestState<Insecure.SHA1>
    typealias MACKey = SwiftCryptoMACKey
    typealias MACState = SwiftCryptoMACState

    #if SIGNET_SWIFT_CRYPTO_PACKAGE
    static var name: String { "swift-crypto" }
    #else
    static var name: String { "CryptoKit" }
    #endif
}

extension Digest {
    /// Copies a swift-crypto digest or MAC (anything that lends its bytes).
    init(_ bytes: some ContiguousBytes) {
        self = bytes.withUnsafeBytes { Digest(copying: $0, count: $0.count) }
    }
}

/// A streaming digest over a swift-crypto hash function, itself a value (copied on write).
///
/// swift-crypto's hashes cannot fail; the methods keep the contract's `throws(CryptoError)` so that the
/// public types call every backend the same way.
struct SwiftCryptoDigestState<Hash: Crypto.HashFunction>: DigestBackendState {
    private var hasher = Hash()

    init() throws(CryptoError) {}

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: bytes)
    }

    mutating func finalize() throws(CryptoError) -> Digest {
        let digest = Digest(hasher.finalize())
        hasher = Hash()
        return digest
    }

    static func hash(_ bytes: UnsafeRawBufferPointer) throws(CryptoError) -> Digest {
        var hasher = Hash()
        hasher.update(bufferPointer: bytes)
        return Digest(hasher.finalize())
    }
}

/// An `HMAC<Insecure.SHA1>` keyed once (inner and outer pads hashed); each message starts from a copy of
/// it, so no message pays for key setup. The copies share the keyed state until they are fed, and swift-crypto
/// copies it then: the keyed value itself is never mutated, so sharing it between tasks is safe.
struct SwiftCryptoMACKey: MACKeyBackend {
    let keyed: Crypto.HMAC<Insecure.SHA1>

    init(secret: UnsafeRawBufferPointer) throws(CryptoError) {
        keyed = Crypto.HMAC(key: SymmetricKey(data: secret))
    }

    func authenticationCode(for bytes: UnsafeRawBufferPointer) throws(CryptoError) -> Digest {
        var mac = keyed
        mac.update(data: bytes)
        return Digest(mac.finalize())
    }
}

/// One HMAC computation over a copy of the keyed value; spent (nil) once finalized.
struct SwiftCryptoMACState: MACBackendState {
    private var mac: Crypto.HMAC<Insecure.SHA1>?

    init(key: SwiftCryptoMACKey) throws(CryptoError) {
        mac = key.keyed
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        mac?.update(data: bytes)
    }

    mutating func finalize() throws(CryptoError) -> Digest {
        guard let mac else { throw .libcryptoFailure("HMAC-SHA1 finalize called twice") }
        self.mac = nil
        return Digest(mac.finalize())
    }
}
#endif
