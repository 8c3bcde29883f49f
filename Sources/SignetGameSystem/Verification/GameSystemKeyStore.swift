import SignetCrypto

/// Where a verifier finds the prepared secret for an API key.
public protocol GameSystemKeyStore: Sendable {
    /// The prepared secret for `apiKey`, or nil when the key is unknown.
    func key(for apiKey: String) -> HMACKey?
}

/// An in-memory key store: API key → prepared secret, keyed once at creation.
public struct GameSystemKeyring: GameSystemKeyStore, CustomStringConvertible {
    private let keys: [String: HMACKey]

    /// Prepares every secret once (`[apiKey: secret]`).
    public init(secrets: [String: String]) throws(CryptoError) {
        var keys: [String: HMACKey] = [:]
        for (apiKey, secret) in secrets { keys[apiKey] = try HMACKey(secret: secret) }
        self.keys = keys
    }

    /// Builds a keyring from credentials already prepared.
    public init(_ credentials: [GameSystemCredentials]) {
        var keys: [String: HMACKey] = [:]
        for credential in credentials { keys[credential.apiKey] = credential.key }
        self.keys = keys
    }

    /// The prepared secret for `apiKey`.
    public func key(for apiKey: String) -> HMACKey? { keys[apiKey] }

    /// How many keys it holds; never the keys themselves.
    public var description: String { "GameSystemKeyring(\(keys.count) keys)" }
}
