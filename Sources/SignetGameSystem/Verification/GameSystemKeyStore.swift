import SignetCrypto

/// Where a verifier finds the prepared secret for an API key.
public protocol GameSystemKeyStore: Sendable {
    /// The prepared secret for `apiKey`, or nil when the key is unknown.
    func key(for apiKey: String) -> HMACKey?
    /// The secret as a careless client may have used it (with a trailing `\n` or `\r\n`), for diagnosis
    /// only; `nil` (the default) when the store cannot tell.
    func diagnosticKeys(for apiKey: String) -> [HMACKey]?
}

extension GameSystemKeyStore {
    /// No variants: diagnosis cannot recognise `secret-trailing-newline` with this store.
    public func diagnosticKeys(for apiKey: String) -> [HMACKey]? { nil }
}

/// An in-memory key store: API key → prepared secret, keyed once at creation.
public struct GameSystemKeyring: GameSystemKeyStore, CustomStringConvertible {
    private let keys: [String: HMACKey]
    private let variants: [String: [HMACKey]]

    /// Prepares every secret once (`[apiKey: secret]`), and its line-ending variants for diagnosis.
    public init(secrets: [String: String]) throws(CryptoError) {
        var keys: [String: HMACKey] = [:]
        var variants: [String: [HMACKey]] = [:]
        for (apiKey, secret) in secrets {
            keys[apiKey] = try HMACKey(secret: secret)
            variants[apiKey] = [try HMACKey(secret: secret + "\n"), try HMACKey(secret: secret + "\r\n")]
        }
        self.keys = keys
        self.variants = variants
    }

    /// Builds a keyring from credentials already prepared.
    public init(_ credentials: [GameSystemCredentials]) {
        var keys: [String: HMACKey] = [:]
        for credential in credentials { keys[credential.apiKey] = credential.key }
        self.keys = keys
        self.variants = [:]
    }

    /// The prepared secret for `apiKey`.
    public func key(for apiKey: String) -> HMACKey? { keys[apiKey] }

    /// The secret with a trailing newline, for diagnosis (only for keyrings made from secrets).
    public func diagnosticKeys(for apiKey: String) -> [HMACKey]? { variants[apiKey] }

    /// How many keys it holds; never the keys themselves.
    public var description: String { "GameSystemKeyring(\(keys.count) keys)" }
}
