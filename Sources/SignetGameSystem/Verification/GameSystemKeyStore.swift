import SignetCrypto

/// Where a verifier finds the prepared secrets for an API key.
public protocol GameSystemKeyStore: Sendable {
    /// The prepared secret for `apiKey` (the current one, during a rotation), or nil when the key is unknown.
    func key(for apiKey: String) -> HMACKey?
    /// Every secret `apiKey` may sign with: one, or two while a secret rotates (the new one first). Empty when
    /// the key is unknown. The default is ``key(for:)`` alone.
    func keys(for apiKey: String) -> [HMACKey]
    /// The secret as a careless client may have used it (with a trailing `\n` or `\r\n`), for diagnosis
    /// only; `nil` (the default) when the store cannot tell.
    func diagnosticKeys(for apiKey: String) -> [HMACKey]?
}

extension GameSystemKeyStore {
    /// ``key(for:)`` alone: a store without rotation.
    public func keys(for apiKey: String) -> [HMACKey] { key(for: apiKey).map { [$0] } ?? [] }
    /// No variants: diagnosis cannot recognise `secret-trailing-newline` with this store.
    public func diagnosticKeys(for apiKey: String) -> [HMACKey]? { nil }
}

/// An in-memory key store: API key → prepared secrets, keyed once at creation. A key may have two secrets
/// while it rotates: a request signed with either verifies.
public struct GameSystemKeyring: GameSystemKeyStore, CustomStringConvertible {
    private let keys: [String: [HMACKey]]
    private let variants: [String: [HMACKey]]
    /// The keys again, in a list, when there are at most ``listed`` of them: compared one by one, a few API
    /// keys are found without hashing the one asked for (a `Dictionary` lookup hashes it, about a twentieth of
    /// a verification). API keys are sent in the clear, so the time either takes says nothing secret.
    private let list: [Entry]
    private static let listed = 8

    private struct Entry {
        let apiKey: String
        let keys: [HMACKey]
    }

    /// Prepares every secret once (`[apiKey: secret]`), and its line-ending variants for diagnosis.
    public init(secrets: [String: String]) throws(CryptoError) {
        try self.init(rotatingSecrets: secrets.mapValues { [$0] })
    }

    /// Prepares keys with one or more secrets each (`[apiKey: [new, old]]` while a secret rotates; the
    /// first is the current one), and their line-ending variants for diagnosis. A key with no secret is unknown.
    public init(rotatingSecrets: [String: [String]]) throws(CryptoError) {
        var keys: [String: [HMACKey]] = [:]
        var variants: [String: [HMACKey]] = [:]
        for (apiKey, secrets) in rotatingSecrets where !secrets.isEmpty {
            var prepared: [HMACKey] = [], lineEnds: [HMACKey] = []
            for secret in secrets {
                prepared.append(try HMACKey(secret: secret))
                lineEnds.append(try HMACKey(secret: secret + "\n"))
                lineEnds.append(try HMACKey(secret: secret + "\r\n"))
            }
            keys[apiKey] = prepared
            variants[apiKey] = lineEnds
        }
        self.keys = keys
        self.variants = variants
        self.list = Self.list(keys)
    }

    /// Builds a keyring from credentials already prepared (a key named twice has both secrets, in order).
    public init(_ credentials: [GameSystemCredentials]) {
        var keys: [String: [HMACKey]] = [:]
        for credential in credentials { keys[credential.apiKey, default: []].append(credential.key) }
        self.keys = keys
        self.variants = [:]
        self.list = Self.list(keys)
    }

    private static func list(_ keys: [String: [HMACKey]]) -> [Entry] {
        keys.count <= listed ? keys.map { Entry(apiKey: $0.key, keys: $0.value) } : []
    }

    /// The current prepared secret for `apiKey`.
    public func key(for apiKey: String) -> HMACKey? { keys(for: apiKey).first }

    /// Every prepared secret for `apiKey`, the current one first.
    public func keys(for apiKey: String) -> [HMACKey] {
        guard keys.count <= Self.listed else { return keys[apiKey] ?? [] }
        for entry in list where entry.apiKey == apiKey { return entry.keys }
        return []
    }

    /// The secrets with a trailing newline, for diagnosis (only for keyrings made from secrets).
    public func diagnosticKeys(for apiKey: String) -> [HMACKey]? { variants[apiKey] }

    /// How many keys it holds; never the keys themselves.
    public var description: String { "GameSystemKeyring(\(keys.count) keys)" }
}
