#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SignetCrypto
import Synchronization

/// An API key with its secret read from a file, re-read whenever the file changes (another inode, size or
/// modification time), so a secret rotated by replacing the file is used from the next attempt on.
///
/// The file holds the secret; one trailing line end (`\n` or `\r\n`) is dropped, since editors add one and a
/// secret with a newline signs differently (a classic mistake: the verifier's diagnosis calls it
/// `secret-trailing-newline`). The file must be a regular file of at most 64 KiB.
/// ```swift
/// let credentials = SecretFileCredentials(apiKey: "orders-app", path: "/run/secrets/orders")
/// ```
public final class SecretFileCredentials: GameSystemCredentialsProvider {
    /// The API key.
    public let apiKey: String
    /// The file holding the secret.
    public let path: String
    /// The largest secret file read.
    public static let maxFileBytes = 64 * 1024

    private struct Loaded {
        let stamp: FileStamp
        let credentials: GameSystemCredentials
    }

    private let loaded = Mutex<Loaded?>(nil)

    /// Credentials for `apiKey` with the secret in the file at `path` (read at the first attempt).
    public init(apiKey: String, path: String) {
        self.apiKey = apiKey
        self.path = path
    }

    /// The credentials with the file's current secret.
    /// - Throws: ``GameSystemCredentialsError`` naming the file when it cannot be used.
    public func credentials() throws -> GameSystemCredentials {
        let stamp = try FileStamp(path: path)
        if let cached = loaded.withLock({ $0 }), cached.stamp == stamp { return cached.credentials }
        let credentials = try GameSystemCredentials(apiKey: apiKey, secret: try Self.readSecret(path))
        loaded.withLock { $0 = Loaded(stamp: stamp, credentials: credentials) }
        return credentials
    }

    /// The file's bytes without one trailing line end.
    static func readSecret(_ path: String) throws -> [UInt8] {
        var secret: [UInt8]
        do {
            secret = try RegularFile.read(path, limit: maxFileBytes)
        } catch {
            throw FileStamp.credentialsError(error, path: path)
        }
        if secret.last == UInt8(ascii: "\n") { secret.removeLast() }
        if secret.last == UInt8(ascii: "\r") { secret.removeLast() }
        guard !secret.isEmpty else { throw GameSystemCredentialsError.emptySecret(path: path) }
        return secret
    }
}

/// What says a file changed: its inode, size and modification time.
struct FileStamp: Equatable {
    let inode: UInt64
    let size: UInt64
    /// Nanoseconds since 1970.
    let modified: Int64

    /// The stamp of the regular file at `path`.
    init(path: String) throws {
        do {
            (inode, size, modified) = try RegularFile.stamp(path)
        } catch {
            throw Self.credentialsError(error, path: path)
        }
    }

    /// The credentials error that says why `path` could not be used.
    static func credentialsError(_ error: CryptoError, path: String) -> GameSystemCredentialsError {
        switch error {
        case .notRegularFile: .notARegularFile(path: path)
        case .fileTooLarge(_, let limit): .fileTooLarge(path: path, limit: limit)
        case .fileUnreadable(_, let reason): .unreadableFile(path: path, reason: reason)
        default: .unreadableFile(path: path, reason: "it cannot be read")
        }
    }
}
