import SignetCrypto
import SignetGameSystem

/// Where verification finds an API key's secrets: in memory (`GameSystemKeyring`), or a database or a
/// secrets manager behind this protocol. Asked once per request, after the checks that need no key
/// (`missing-header`, `malformed-authorization`), so an unsigned request costs no lookup.
///
/// ```swift
/// struct DatabaseKeys: GameSystemKeyProvider {
///     let database: MyDatabase
///     func secrets(for apiKey: String) async throws -> GameSystemSecrets? {
///         guard let row = try await database.apiKey(apiKey) else { return nil }   // unknown-key
///         return try GameSystemSecrets(secrets: row.secrets)                      // [new, old] while rotating
///     }
/// }
/// ```
/// A provider that throws (the database is down) gets the request refused with 503 and `Retry-After`,
/// never accepted; the error is logged, never sent to the client. So does one that has not answered within
/// `GameSystemVerificationOptions.keyLookupTimeout` (3 s): its lookup is cancelled, so a stalled backend
/// cannot hold requests. Any client can send an unknown key, so a provider backed by a remote store should
/// also remember, for a short while, the keys it did not find.
public protocol GameSystemKeyProvider: Sendable {
    /// The secrets `apiKey` may sign with now, or `nil` when the key is unknown.
    func secrets(for apiKey: String) async throws -> GameSystemSecrets?
}

/// The prepared secrets of one API key: one, or two while it rotates (a request signed with either
/// verifies), and their line-ending variants for diagnosis. Prints no secret.
public struct GameSystemSecrets: Sendable, CustomStringConvertible {
    /// The prepared secrets, the current one first.
    public let keys: [HMACKey]
    /// The secrets with a trailing `\n` or `\r\n`, for diagnosis only (`secret-trailing-newline`).
    public let diagnosticKeys: [HMACKey]

    /// Secrets already prepared.
    public init(keys: [HMACKey], diagnosticKeys: [HMACKey] = []) {
        self.keys = keys
        self.diagnosticKeys = diagnosticKeys
    }

    /// Prepares `secrets` (the current one first) and their line-ending variants.
    public init(secrets: [String]) throws(CryptoError) {
        var keys: [HMACKey] = [], variants: [HMACKey] = []
        for secret in secrets {
            keys.append(try HMACKey(secret: secret))
            variants.append(try HMACKey(secret: secret + "\n"))
            variants.append(try HMACKey(secret: secret + "\r\n"))
        }
        self.init(keys: keys, diagnosticKeys: variants)
    }

    /// How many secrets; never the secrets.
    public var description: String { "GameSystemSecrets(\(keys.count) secrets)" }
}

extension GameSystemKeyring: GameSystemKeyProvider {
    /// The keyring's secrets for `apiKey`, looked up in memory.
    public func secrets(for apiKey: String) async throws -> GameSystemSecrets? {
        let keys = keys(for: apiKey)
        return keys.isEmpty ? nil : GameSystemSecrets(keys: keys, diagnosticKeys: diagnosticKeys(for: apiKey) ?? [])
    }
}

/// Any synchronous key store (a verifier's) as a provider.
struct KeyStoreProvider: GameSystemKeyProvider {
    let store: any GameSystemKeyStore

    func secrets(for apiKey: String) async throws -> GameSystemSecrets? {
        let keys = store.keys(for: apiKey)
        return keys.isEmpty ? nil : GameSystemSecrets(keys: keys, diagnosticKeys: store.diagnosticKeys(for: apiKey) ?? [])
    }
}

/// One key's secrets as the synchronous store the verifier reads, for one request.
struct ResolvedKeys: GameSystemKeyStore {
    let apiKey: String
    let secrets: GameSystemSecrets

    func key(for apiKey: String) -> HMACKey? { apiKey == self.apiKey ? secrets.keys.first : nil }
    func keys(for apiKey: String) -> [HMACKey] { apiKey == self.apiKey ? secrets.keys : [] }
    func diagnosticKeys(for apiKey: String) -> [HMACKey]? {
        apiKey == self.apiKey && !secrets.diagnosticKeys.isEmpty ? secrets.diagnosticKeys : nil
    }
}
