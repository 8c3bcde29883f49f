#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the device identity in a small text file (the UUID and a newline) at a path the caller chooses,
/// e.g. `$SIGNET_DATA_DIR/device-id`.
///
/// The first `loadOrCreate()` creates the directories and the file; later calls return the same
/// identity. Two processes creating it at once agree on one identity: the file is written under a
/// temporary name and hard-linked into place, which fails if the other process got there first, and
/// then the other's identity is read. A corrupt file is an error, never silently replaced.
public struct DeviceIdentityStore: Sendable {
    /// Where the identity is kept.
    public let fileURL: URL

    /// The largest file that can hold an identity (a UUID, white space, a byte-order mark).
    private static let maximumFileSize = 256

    /// A store that keeps its identity at `fileURL`.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The stored identity, or `nil` when there is no file yet.
    public func load() throws(DeviceIdentityError) -> DeviceIdentity? {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            throw .fileSystem(path: fileURL.path, detail: "cannot read: \(Self.reason(error))")
        }
        guard data.count <= Self.maximumFileSize else {
            throw .corruptFile(path: fileURL.path, detail: "\(data.count) bytes, too long for a UUID")
        }
        guard let text = String(data: data, encoding: .utf8),
            let uuid = UUID(uuidString: String(text.trimmedOfWhitespace(also: ["\u{FEFF}"])))
        else {
            throw .corruptFile(path: fileURL.path, detail: "does not hold a UUID")
        }
        return DeviceIdentity(deviceId: uuid)
    }

    /// The stored identity; when there is none, a new random one, stored first.
    public func loadOrCreate() throws(DeviceIdentityError) -> DeviceIdentity {
        if let existing = try load() { return existing }
        let created = DeviceIdentity.random()
        try createDirectory()
        let temporary = fileURL.deletingLastPathComponent()
            .appendingPathComponent(".\(fileURL.lastPathComponent).\(UUID().uuidString).tmp")
        try write(created, to: temporary, atomically: false)
        defer { _ = unlink(temporary.path) }
        if link(temporary.path, fileURL.path) != 0 {
            let code = errno
            guard code == EEXIST else {
                throw .fileSystem(path: fileURL.path, detail: "cannot create: \(String(cString: strerror(code)))")
            }
            // Another process stored its identity first; use that one.
            guard let winner = try load() else {
                throw .fileSystem(path: fileURL.path, detail: "exists but cannot be read")
            }
            return winner
        }
        return created
    }

    /// Stores `identity`, replacing any stored one (to override the identity on purpose).
    public func save(_ identity: DeviceIdentity) throws(DeviceIdentityError) {
        try createDirectory()
        try write(identity, to: fileURL, atomically: true)
    }

    private func createDirectory() throws(DeviceIdentityError) {
        let directory = fileURL.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(path: directory.path, detail: "cannot create directory: \(Self.reason(error))")
        }
    }

    private func write(_ identity: DeviceIdentity, to url: URL, atomically: Bool) throws(DeviceIdentityError) {
        do {
            try Data((identity.value + "\n").utf8).write(to: url, options: atomically ? [.atomic] : [.withoutOverwriting])
        } catch {
            throw .fileSystem(path: url.path, detail: "cannot write: \(Self.reason(error))")
        }
    }

    /// Why a file operation failed, in the system's words (`strerror`) when the error carries a POSIX code.
    private static func reason(_ error: any Error) -> String {
        let posix = (error as? POSIXError) ?? ((error as? CocoaError)?.underlying as? POSIXError)
        if let posix { return String(cString: strerror(posix.code.rawValue)) }
        if let cocoa = error as? CocoaError { return "file error \(cocoa.code.rawValue)" }
        return String(describing: error)
    }
}
