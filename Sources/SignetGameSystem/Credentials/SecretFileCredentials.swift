import Foundation
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
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw GameSystemCredentialsError.unreadableFile(path: path, reason: "it cannot be opened")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maxFileBytes + 1) ?? Data()
        } catch {
            throw GameSystemCredentialsError.unreadableFile(path: path, reason: "reading failed")
        }
        guard data.count <= maxFileBytes else { throw GameSystemCredentialsError.fileTooLarge(path: path, limit: maxFileBytes) }
        var secret = [UInt8](data)
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
    let modified: Date

    /// The stamp of the regular file at `path`.
    init(path: String) throws {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw GameSystemCredentialsError.unreadableFile(path: path, reason: "it does not exist or cannot be examined")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw GameSystemCredentialsError.notARegularFile(path: path)
        }
        inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        modified = attributes[.modificationDate] as? Date ?? .distantPast
    }
}
