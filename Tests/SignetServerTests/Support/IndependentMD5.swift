import Foundation
import SignetTestSupport

/// MD5 computed by the system's `md5sum`, as base64: an implementation that shares no code with Signet,
/// so expected `Content-MD5` values do not come from the code under test.
enum IndependentMD5 {
    static func base64(ofFile path: String) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/md5sum")
        process.arguments = [path]
        let output = Pipe()
        process.standardOutput = output
        let data = try await OffPool.run(process, reading: output)
        let hex = String(decoding: data, as: UTF8.self).prefix(32)
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return Data(bytes).base64EncodedString()
    }

    static func base64(of bytes: [UInt8]) async throws -> String {
        let file = try TemporaryFile(bytes: bytes)
        return try await base64(ofFile: file.path)
    }
}

/// A temporary file removed when the value is released.
final class TemporaryFile {
    let path: String

    init(bytes: [UInt8]) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("signet-server-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Deterministic pseudo-random bytes (a linear congruential generator).
func pseudoRandomBytes(_ count: Int, seed: UInt32 = 11) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
        state = state &* 1_664_525 &+ 1_013_904_223
        return UInt8(truncatingIfNeeded: state >> 24)
    }
}
