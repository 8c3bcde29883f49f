import Foundation
import Testing

/// Runs one of the repository's Python checkers (`python3` from `PATH`), for tests whose oracle is an
/// implementation that shares no code with Signet: a JSON Schema validator, an OpenAPI checker.
public enum PythonScript {
    /// What the script did: its exit status and everything it printed (stdout and stderr together).
    public struct Outcome: Sendable, CustomStringConvertible {
        public let status: Int32
        public let output: String
        public var description: String { "exit \(status)\n\(output)" }
    }

    /// Whether a test whose checker imports `modules` runs here: always in CI (``TestRun/inCI``: `.ci/run`
    /// installs them, so a missing one fails the test), elsewhere when `python3` imports them all. Without
    /// them a desk's plain `swift test` skips those tests and prints ``skipReason(_:)``, as the PostgreSQL
    /// tests do without a database. The check runs `python3` off the pool.
    public static func runs(needing modules: [String]) async -> Bool {
        if TestRun.inCI { return true }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", modules.map { "import \($0)" }.joined(separator: "; ")]
        process.standardError = FileHandle.nullDevice
        guard (try? await OffPool.run(process, reading: nil)) != nil else { return false }
        return process.terminationStatus == 0
    }

    /// Why a test needing `modules` was skipped, and how to run it.
    public static func skipReason(_ modules: [String]) -> Comment {
        Comment(rawValue: "python3 cannot import \(modules.joined(separator: ", ")) here: skipped "
            + "(python3 -m pip install \(modules.map { $0 == "yaml" ? "pyyaml" : $0 }.joined(separator: " ")); bash .ci/run installs them)")
    }

    /// Runs `Repository.root/<path>` with `arguments` and waits for it; at most `limit` before it is stopped.
    public static func run(_ path: String, _ arguments: [String], limit: Duration = .seconds(120)) async throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Repository.root.appendingPathComponent(path).path] + arguments
        process.currentDirectoryURL = Repository.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let watchdog = Task {
            try await Task.sleep(for: limit)
            if process.isRunning { process.terminate() }
        }
        // Started, read to EOF (so a chatty script never blocks on a full pipe) and waited for on a thread of
        // its own: a checker runs for seconds, and a pool thread blocked that long starves the other tests.
        let data = try await OffPool.run(process, reading: output)
        watchdog.cancel()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
