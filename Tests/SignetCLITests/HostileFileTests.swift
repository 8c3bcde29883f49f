import Foundation
import Testing

/// Files the command is handed must be regular and small enough: a FIFO (which would block waiting for a
/// writer), `/dev/zero` (which never ends), a directory or an oversized file is refused at once with a
/// message naming it, and a vector file's numbers must lie in their ranges. Each run has a short timeout,
/// so a regression fails instead of hanging the suite.
@Suite("signet with hostile files")
struct HostileFileTests {
    static let sign = ["sign", "--method", "GET", "--target", "/", "--key", "KEY", "--date", "20180204 10:00:00 UTC"]

    /// A folder holding a FIFO made with mkfifo(2).
    final class Folder {
        let directory: TemporaryDirectory
        let fifo: String

        init() throws {
            directory = try TemporaryDirectory()
            fifo = directory.url.appendingPathComponent("pipe").path
            #expect(mkfifo(fifo, 0o600) == 0, "mkfifo failed: \(String(cString: strerror(errno)))")
        }

        /// A sparse file of `size` bytes (created instantly, whatever its size).
        func file(named name: String, size: Int) throws -> String {
            let path = try directory.file(named: name, text: "")
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: UInt64(size))
            try handle.close()
            return path
        }
    }

    /// Runs signet and checks that it failed at once with one error line containing every one of `expected`.
    static func refused(_ arguments: [String], environment: [String: String] = [:], _ expected: String...,
                        sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let output = try await SignetProcess.run(arguments, environment: environment, timeout: SignetProcess.hangGuard)
        #expect(output.status == 1, "\(arguments): \(output.stderr)", sourceLocation: sourceLocation)
        for text in expected {
            #expect(output.stderr.contains(text), "\(text) not in \(output.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test("sign --body-file: a FIFO, /dev/zero and a directory are refused, naming what they are")
    func bodyFile() async throws {
        let folder = try Folder()
        let secret = ["SIGNET_SECRET": "secret"]
        try await Self.refused(Self.sign + ["--body-file", folder.fifo], environment: secret, folder.fifo, "is a FIFO (named pipe)")
        try await Self.refused(Self.sign + ["--body-file", "/dev/zero"], environment: secret, "/dev/zero", "is a character device")
        try await Self.refused(Self.sign + ["--body-file", folder.directory.url.path], environment: secret, "is a directory")
    }

    @Test("sign --secret-file: a FIFO, /dev/zero and a file over 64 KiB are refused")
    func secretFile() async throws {
        let folder = try Folder()
        try await Self.refused(Self.sign + ["--secret-file", folder.fifo], "secret file", folder.fifo, "is a FIFO (named pipe)")
        try await Self.refused(Self.sign + ["--secret-file", "/dev/zero"], "secret file", "is a character device")
        let large = try folder.file(named: "large-secret", size: 64 * 1024 + 1)
        try await Self.refused(Self.sign + ["--secret-file", large], "secret file", large, "larger than the limit of 65536 bytes")
        let fits = try folder.directory.file(named: "secret", text: "secret\n")
        let output = try await SignetProcess.run(Self.sign + ["--secret-file", fits], timeout: SignetProcess.hangGuard)
        // HMAC-SHA1("secret", "20180204 10:00:00 UTC\n1B2M2Y8AsgTpgAmY7PhCfg==\n/\nGET"), from Python's hmac.
        #expect(output.lines.contains("Authorization: KEY:23a68154b74e1906c377c3671c47a5f48e423991"))
    }

    @Test("--config: a FIFO and a file over 1 MiB are refused before anything is sent")
    func configFile() async throws {
        let folder = try Folder()
        try await Self.refused(["player", "--config", folder.fifo], "config file", "is a FIFO (named pipe)")
        let large = try folder.file(named: "config.json", size: 1024 * 1024 + 1)
        try await Self.refused(["player", "--config", large], "config file", "larger than the limit of 1048576 bytes")
        try await Self.refused(["player", "--config", "/dev/zero"], "config file", "is a character device")
    }

    @Test("vectors check: a FIFO, /dev/zero, a directory and a file over 16 MiB are each refused; the rest runs")
    func vectorFiles() async throws {
        let folder = try Folder()
        let large = try folder.file(named: "large.json", size: 16 * 1024 * 1024 + 1)
        let good = VectorsCommandTests.vectorPath("md5-rfc1321.json")
        let output = try await SignetProcess.run(
            ["vectors", "check", folder.fifo, "/dev/zero", folder.directory.url.path, large, good], timeout: SignetProcess.hangGuard)
        #expect(output.status == 1)
        #expect(output.lines.last == "7 passed, 0 failed")
        let errors = output.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 4, "\(output.stderr)")
        #expect(errors.contains { $0.hasPrefix("error: \(folder.fifo):") && $0.contains("is a FIFO (named pipe)") })
        #expect(errors.contains { $0.hasPrefix("error: /dev/zero:") && $0.contains("is a character device") })
        #expect(errors.contains { $0.contains("is a directory") })
        #expect(errors.contains { $0.hasPrefix("error: \(large):") && $0.contains("larger than the limit of 16777216 bytes") })
    }

    @Test("vectors check: truncate_bytes -1 and a trillion repeats are refused with the path and the range")
    func vectorNumbers() async throws {
        let folder = try Folder()
        let truncate = try folder.directory.file(named: "truncate.json", text: """
            {"scheme": "hmac-sha1", "vectors": [{"name": "t", "key_hex": "0c", "data_hex": "00",
              "expected_hex": "00", "truncate_bytes": -1}]}
            """)
        try await Self.refused(["vectors", "check", truncate], truncate, "at $.vectors[0].truncate_bytes: must be in 1...20, not -1")
        let repeats = try folder.directory.file(named: "repeat.json", text: """
            {"scheme": "sha1", "vectors": [{"name": "r", "input_ascii": "a", "repeat": 1000000000000, "expected_hex": "00"}]}
            """)
        try await Self.refused(["vectors", "check", repeats], repeats,
                               "at $.vectors[0].repeat: must be in 1...16777216, not 1000000000000")
        let depth = try folder.directory.file(named: "depth.json", text: """
            {"scheme": "conditions", "vectors": [{"name": "d", "condition_json": "{}", "arguments": [],
              "expected": {"result": true}, "max_depth": 100000}]}
            """)
        try await Self.refused(["vectors", "check", depth], depth, "vectors[0].max_depth: must be an integer in 1...128, not 100000")
    }
}
