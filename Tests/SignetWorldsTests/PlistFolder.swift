import Foundation

/// The committed vector files in `plists/` at the package root, found from this source file's path
/// (the tests read them in place rather than as bundle resources, so the folder stays the one documented).
enum PlistFolder {
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SignetWorldsTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Vectors/plists")

    struct MissingFile: Error {
        let name: String
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        let fileURL = url.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: fileURL.path) else { throw MissingFile(name: name) }
        return Array(try Data(contentsOf: fileURL))
    }

    static func plistNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".plist") }.sorted()
    }
}
