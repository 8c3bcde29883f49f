/// A prepared HMAC-SHA1 key: the secret is keyed once, and every message then starts from a copy of
/// that keyed state, with no per-message key setup.
///
/// The secret's bytes are not kept in Swift memory by this type (only the crypto library's keyed state
/// is), and `description` never shows them. Safe to share between tasks: the keyed state is only ever
/// copied, never fed.
public final class HMACKey: Sendable, CustomStringConvertible {
    let prepared: SelectedCryptoBackend.MACKey

    /// Prepares a key from raw secret bytes (any length; longer than 64 bytes is hashed, as HMAC says).
    public init(secret: [UInt8]) throws(CryptoError) {
        prepared = try secret.withUnsafeBytes { buffer in
            Result { () throws(CryptoError) in try SelectedCryptoBackend.MACKey(secret: buffer) }
        }.get()
    }

    /// Prepares a key from the UTF-8 bytes of a secret string.
    public convenience init(secret: String) throws(CryptoError) {
        try self.init(secret: Array(secret.utf8))
    }

    /// Always `HMACKey(<redacted>)`: keys never reach logs.
    public var description: String { "HMACKey(<redacted>)" }
}

/// HMAC-SHA1 (RFC 2104, vectors in RFC 2202) over a prepared ``HMACKey``.
///
/// ```swift
/// let key = try HMACKey(secret: "s3cret")                      // once
/// let tag = try HMAC.authenticationCode(for: "message", using: key).hex   // per message
/// ```
public struct HMAC {
    /// 20 bytes.
    public static let byteCount = 20
    private var state: SelectedCryptoBackend.MACState

    /// Starts a MAC from a copy of the key's prepared state.
    public init(key: HMACKey) throws(CryptoError) {
        state = try SelectedCryptoBackend.MACState(key: key.prepared)
    }

    /// Feeds bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        state.update(bytes)
    }

    /// Feeds a byte array.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Feeds the UTF-8 bytes of a string.
    public mutating func update(_ string: String) {
        var string = string
        string.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// Returns the MAC of everything fed. The value is spent afterwards: make a new `HMAC` per message.
    public mutating func finalize() throws(CryptoError) -> Digest {
        try state.finalize()
    }

    /// One-shot MAC of a byte buffer, on the fastest path the crypto library underneath offers.
    public static func authenticationCode(for bytes: UnsafeRawBufferPointer, using key: HMACKey) throws(CryptoError) -> Digest {
        try key.prepared.authenticationCode(for: bytes)
    }

    /// One-shot MAC of a byte array.
    public static func authenticationCode(for bytes: [UInt8], using key: HMACKey) throws(CryptoError) -> Digest {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(CryptoError) in try authenticationCode(for: buffer, using: key) }
        }.get()
    }

    /// One-shot MAC of the UTF-8 bytes of a string.
    public static func authenticationCode(for string: String, using key: HMACKey) throws(CryptoError) -> Digest {
        var string = string
        return try string.withUTF8 { buffer in
            Result { () throws(CryptoError) in try authenticationCode(for: UnsafeRawBufferPointer(buffer), using: key) }
        }.get()
    }
}
