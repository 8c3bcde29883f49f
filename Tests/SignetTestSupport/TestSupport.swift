import Foundation
import Testing

// Helpers shared by the test targets: finding and parsing vector files independently of the library,
// independent hex/base64 decoding, a seeded generator, and temporary directories.

/// What kind of run this is.
public enum TestRun {
    /// Whether this is CI's run (`CI` set and not `false` or `0`): there a test whose part is missing (a
    /// database, `python3`, a Python module) runs and fails, where a desk's `swift test` skips it.
    public static let inCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false
}

/// Where the package's `Vectors/` folder is, found from this source file (Tests/SignetTestSupport/…).
public enum Repository {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // TestSupport.swift
        .deletingLastPathComponent() // SignetTestSupport
        .deletingLastPathComponent() // Tests

    public static func vectorFile(_ name: String) -> URL {
        root.appendingPathComponent("Vectors").appendingPathComponent(name)
    }

    /// The raw bytes of a vector file.
    public static func vectorData(_ name: String) throws -> Data {
        try Data(contentsOf: vectorFile(name))
    }

    /// The `vectors` array of a vector file, parsed here with JSONSerialization (not the library's decoder).
    public static func vectors(_ name: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: vectorData(name))
        let file = try #require(object as? [String: Any], "\(name) is not a JSON object")
        return try #require(file["vectors"] as? [[String: Any]], "\(name) has no vectors array")
    }

    /// The `scheme` of a vector file.
    public static func scheme(_ name: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: vectorData(name))
        let file = try #require(object as? [String: Any])
        return try #require(file["scheme"] as? String)
    }
}

/// Reads a string field of a parsed vector, failing the test with the field name when absent.
public func field(_ vector: [String: Any], _ name: String) throws -> String {
    try #require(vector[name] as? String, "vector \(vector["name"] ?? "?") has no string field \(name)")
}

/// Independent hex decoding for the tests (so the library's `Hex` is not its own oracle).
public func bytes(fromHex text: String) throws -> [UInt8] {
    let digits = Array(text.utf8)
    try #require(digits.count % 2 == 0, "odd hex length in \(text)")
    return try stride(from: 0, to: digits.count, by: 2).map { index in
        let pair = String(decoding: digits[index..<index + 2], as: UTF8.self)
        return try #require(UInt8(pair, radix: 16), "bad hex pair \(pair)")
    }
}

/// A small deterministic generator (SplitMix64) so "random" inputs are the same on every run.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
    }
}

/// A temporary directory removed when the test is done with it.
public final class TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("signet-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to a new file in the directory and returns its path.
    public func file(named name: String, bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }
}

/// Decodes base64 with Foundation (independent of the library's strict decoder).
public func bytes(fromBase64 text: String) throws -> [UInt8] {
    try #require(Data(base64Encoded: text).map { [UInt8]($0) }, "bad base64 \(text)")
}
