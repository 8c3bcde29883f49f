/// Supplies the credentials a request is signed with. ``GameSystemClient`` asks on **every attempt**, so a
/// key rotated while a call is being retried is used by the next attempt.
///
/// Signet has three: fixed ``GameSystemCredentials`` (they are their own provider), ``EnvironmentCredentials``
/// and ``SecretFileCredentials`` (re-read when the file changes). One of your own can read the Keychain or ask
/// a server:
/// ```swift
/// struct KeychainCredentials: GameSystemCredentialsProvider {
///     func credentials() async throws -> GameSystemCredentials {
///         try GameSystemCredentials(apiKey: "orders-app", secret: try await keychain.secret(for: "orders-app"))
///     }
/// }
/// ```
/// Where secrets may live: a **client** key's secret is meant to sit with the client (it can only read and
/// change what a player may). An **admin** secret must never ship inside an app: anything in an app bundle can
/// be read out of it. Keep admin calls on a server (the reference server's playground signs on the server side
/// for the browser, the pattern to copy).
public protocol GameSystemCredentialsProvider: Sendable {
    /// The credentials to sign the next attempt with.
    func credentials() async throws -> GameSystemCredentials
}

extension GameSystemCredentials: GameSystemCredentialsProvider {
    /// These credentials, always.
    public func credentials() -> GameSystemCredentials { self }
}

/// Why a credentials provider could not supply credentials. Names the variable or the file, never a secret.
public enum GameSystemCredentialsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The environment variable is unset or empty.
    case missingVariable(String)
    /// The secret file cannot be read (it does not exist, or cannot be opened).
    case unreadableFile(path: String, reason: String)
    /// The secret file is not a regular file (a FIFO, a device, a directory).
    case notARegularFile(path: String)
    /// The secret file is larger than the limit (a secret is short; a large file is the wrong file).
    case fileTooLarge(path: String, limit: Int)
    /// The secret file holds nothing but line ends.
    case emptySecret(path: String)

    /// What is wrong, and where.
    public var description: String {
        switch self {
        case .missingVariable(let name): "the environment variable \(name) is not set"
        case .unreadableFile(let path, let reason): "the secret file \(path) cannot be read: \(reason)"
        case .notARegularFile(let path): "the secret file \(path) is not a regular file"
        case .fileTooLarge(let path, let limit): "the secret file \(path) is larger than \(limit) bytes"
        case .emptySecret(let path): "the secret file \(path) is empty"
        }
    }
}
