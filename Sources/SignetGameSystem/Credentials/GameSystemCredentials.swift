import SignetCrypto

/// An API key and its shared secret, the secret already prepared as an `HMACKey` (`SignetCrypto`).
///
/// Neither the key nor the secret appears in `description`, `debugDescription` or any error:
/// credentials end up in logs by accident more often than on purpose.
public struct GameSystemCredentials: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The API key sent before the colon in `Authorization`.
    public let apiKey: String
    /// The prepared shared secret.
    public let key: HMACKey

    /// Prepares credentials from an API key and the UTF-8 secret string.
    public init(apiKey: String, secret: String) throws(CryptoError) {
        self.apiKey = apiKey
        self.key = try HMACKey(secret: secret)
    }

    /// Prepares credentials from an API key and raw secret bytes.
    public init(apiKey: String, secret: [UInt8]) throws(CryptoError) {
        self.apiKey = apiKey
        self.key = try HMACKey(secret: secret)
    }

    /// Always redacted.
    public var description: String { "GameSystemCredentials(apiKey: <redacted>, secret: <redacted>)" }
    /// Always redacted.
    public var debugDescription: String { description }
}
