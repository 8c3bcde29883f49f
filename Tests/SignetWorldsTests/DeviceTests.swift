import Foundation
import SignetWorlds
import Testing

@Suite struct DeviceTypeTests {
    @Test func versionIsTheNumericPrefixOfTheRelease() {
        #expect(DeviceType(machine: "x86_64", sysname: "Linux", release: "6.1.0-18-amd64").value == "x86_64 - Linux 6.1.0")
        #expect(DeviceType(machine: "aarch64", sysname: "Linux", release: "5.15.0-1051-azure").value == "aarch64 - Linux 5.15.0")
        #expect(DeviceType(machine: "arm64", sysname: "Darwin", release: "23.4.0").value == "arm64 - Darwin 23.4.0")
        #expect(DeviceType(machine: "x86_64", sysname: "Linux", release: "4.19.112+").systemVersion == "4.19.112")
        #expect(DeviceType(machine: "x86_64", sysname: "Linux", release: "6.").systemVersion == "6")
        #expect(DeviceType(machine: "m", sysname: "S", release: "custom-kernel").systemVersion == "custom-kernel")
    }

    @Test func currentHasTheDocumentedShape() throws {
        let current = DeviceType.current
        #expect(current.value == "\(current.model) - \(current.systemName) \(current.systemVersion)")
        #expect(!current.model.isEmpty && !current.systemName.isEmpty && !current.systemVersion.isEmpty)
        #if os(Linux)
        #expect(current.systemName == "Linux")
        // /proc holds the same release string uname() reports.
        let release = try String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)
        #expect(release.hasPrefix(current.systemVersion))
        #endif
    }
}

@Suite struct DeviceIdentityStoreTests {
    /// A fresh directory under the system temporary directory, with a nested path that does not exist yet.
    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("signet-worlds-tests-\(UUID().uuidString)")
            .appendingPathComponent("nested/dir/device-id")
    }

    @Test func createsOnceAndLoadsTheSameIdentity() throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        let store = DeviceIdentityStore(fileURL: file)
        #expect(try store.load() == nil)
        let first = try store.loadOrCreate()
        let second = try DeviceIdentityStore(fileURL: file).loadOrCreate()
        #expect(first == second)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == first.deviceId.uuidString + "\n")
        #expect(text == text.uppercased())
    }

    @Test func saveOverridesTheIdentity() throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        let store = DeviceIdentityStore(fileURL: file)
        _ = try store.loadOrCreate()
        let chosen = DeviceIdentity(deviceId: try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")))
        try store.save(chosen)
        #expect(try store.loadOrCreate() == chosen)
        #expect(chosen.value == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }

    @Test func acceptsLowercaseAndSurroundingWhiteSpace() throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("  e621e1f8-c36c-495a-93fc-0c247a3e6e5f\n\n".utf8).write(to: file)
        #expect(try DeviceIdentityStore(fileURL: file).loadOrCreate().value == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }

    @Test func aCorruptFileIsAnErrorAndIsLeftAlone() throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not-a-uuid".utf8).write(to: file)
        #expect(throws: DeviceIdentityError.corruptFile(path: file.path, detail: "does not hold a UUID")) {
            try DeviceIdentityStore(fileURL: file).loadOrCreate()
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "not-a-uuid")
        try Data(repeating: 0x41, count: 1000).write(to: file)
        #expect(throws: DeviceIdentityError.corruptFile(path: file.path, detail: "1000 bytes, too long for a UUID")) {
            try DeviceIdentityStore(fileURL: file).load()
        }
    }

    @Test func anUnwritableLocationIsAFileSystemError() throws {
        // A regular file where a directory is needed.
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("signet-worlds-blocker-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: blocker) }
        try Data("x".utf8).write(to: blocker)
        let store = DeviceIdentityStore(fileURL: blocker.appendingPathComponent("sub/device-id"))
        do {
            _ = try store.loadOrCreate()
            Issue.record("expected a file-system error")
        } catch {
            guard case .fileSystem = error else {
                Issue.record("expected a file-system error, got \(error)")
                return
            }
        }
    }
}
