import CSignetCrypto

/// A prepared HMAC-SHA1 key: the secret is keyed into a libcrypto context once, and every message
/// then starts from a duplicate of that context, with no per-message key setup.
///
/// The secret bytes are not kept in Swift memory after keying, and `description` never shows them.
/// Safe to share between tasks: the keyed context is only ever read (duplicated), never fed.
public final class HMACKey: @unchecked Sendable, CustomStringConvertible {
    fileprivate let keyed: OpaquePointer

    /// Prepares a key from raw secret bytes (any length; longer than 64 bytes is hashed, as HMAC says).
    public init(secret: [UInt8]) throws(CryptoError) {
        let mac = try FetchedMAC.hmac.require()
        let context = secret.withUnsafeBytes { buffer in
            signet_hmac_new_keyed(mac, "SHA1", buffer.baseAddress, buffer.count)
        }
        guard let context else { throw .libcryptoFailure("HMAC-SHA1 key setup") }
        keyed = context
    }

    /// Prepares a key from the UTF-8 bytes of a secret string.
    public convenience init(secret: String) throws(CryptoError) {
        try self.init(secret: Array(secret.utf8))
    }

    deinit { signet_hmac_ctx_free(keyed) }

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
    private var context: MACContext

    /// Starts a MAC from a duplicate of the key's prepared context.
    public init(key: HMACKey) throws(CryptoError) {
        context = try MACContext(duplicating: key.keyed)
    }

    /// Feeds bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        context.update(bytes)
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
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        return try context.finalize()
    }

    /// One-shot MAC of a byte buffer: duplicate the keyed context, feed, finish, free (no Swift object).
    public static func authenticationCode(for bytes: UnsafeRawBufferPointer, using key: HMACKey) throws(CryptoError) -> Digest {
        guard let context = signet_hmac_dup(key.keyed) else { throw .libcryptoFailure("HMAC context duplication") }
        defer { signet_hmac_ctx_free(context) }
        if bytes.count > 0, let base = bytes.baseAddress, signet_hmac_update(context, base, bytes.count) != 1 {
            throw .libcryptoFailure("HMAC-SHA1 update")
        }
        return try MACContext.final(context)
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
