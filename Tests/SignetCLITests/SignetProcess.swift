import Foundation
import Testing

/// Runs the built `signet` executable as a user would, capturing exit status, stdout and stderr.
///
/// The child's environment is this process's minus every `SIGNET_*` variable (so a secret set in the
/// developer's shell never leaks into a test), plus exactly what the test passes, and `NO_COLOR=1`.
struct SignetProcess {
    /// What a run produced.
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String

        /// The non-empty lines of stdout.
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    /// How long a run that should fail at once may take before it counts as a hang and is killed: generous,
    /// because a loaded two-core machine can take tens of seconds to start a debug binary; a real hang
    /// (reading a FIFO or /dev/zero for ever) is killed here, and its status then fails the test.
    static let hangGuard: Duration = .seconds(120)

    /// Where the package root is (Tests/SignetCLITests/… is two levels below it).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `program` executable (`signet` unless named) next to the running test binary (any scratch path), or
    /// under the package's build folders.
    static func executable(_ program: String = "signet") throws -> URL {
        var directories: [URL] = []
        let running = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        for start in [running, URL(fileURLWithPath: CommandLine.arguments.first ?? ""), Bundle.main.bundleURL, Bundle.main.executableURL]
            .compactMap({ $0 }) {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<4 {
                directories.append(directory)
                directory = directory.deletingLastPathComponent()
            }
        }
        for scratch in [".build-tests", ".build"] {
            directories.append(packageRoot.appendingPathComponent(scratch).appendingPathComponent("debug"))
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent(program)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        throw SignetNotFound(program: program, searched: directories.map(\.path))
    }

    struct SignetNotFound: Error, CustomStringConvertible {
        let program: String
        let searched: [String]
        var description: String { "the \(program) executable was not found in: \(searched.joined(separator: ", "))" }
    }

    /// Runs `program` (`signet` unless named) with `arguments` and the extra `environment`, in the package root.
    ///
    /// A run that has not ended after `timeout` is killed (status 9), so a command that hangs fails its
    /// test instead of stalling the suite. With `inTerminal`, `signet` runs inside `script(1)` on a
    /// pseudo-terminal without `NO_COLOR`, so its rich output is what is captured (with CR LF line ends).
    static func run(_ arguments: [String], environment extra: [String: String] = [:],
                    timeout: Duration = .seconds(300), inTerminal: Bool = false, program: String = "signet") async throws -> Output {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("signet-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stdoutURL = directory.appendingPathComponent("stdout"), stderrURL = directory.appendingPathComponent("stderr")
        try Data().write(to: stdoutURL)
        try Data().write(to: stderrURL)
        let stdout = try FileHandle(forWritingTo: stdoutURL), stderr = try FileHandle(forWritingTo: stderrURL)

        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SIGNET_") }
        environment["NO_COLOR"] = "1"
        for (key, value) in extra { environment[key] = value }

        let process = Process()
        if inTerminal {
            environment["NO_COLOR"] = nil
            environment["TERM"] = "xterm-256color"
            let command = ([try executable(program).path] + arguments).map(shellQuoted).joined(separator: " ")
            process.executableURL = terminalRecorder
            process.arguments = ["-qec", command, "/dev/null"]
        } else {
            process.executableURL = try executable(program)
            process.arguments = arguments
        }
        process.environment = environment
        process.currentDirectoryURL = packageRoot
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            // SIGKILL: the test runner blocks SIGTERM in its threads and the child inherits that mask.
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        defer { watchdog.cancel() }
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try stdout.close()
        try stderr.close()
        return Output(
            status: status,
            stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
            stderr: try String(contentsOf: stderrURL, encoding: .utf8))
    }

    /// util-linux `script`, which runs a command on a pseudo-terminal (for the rich-output tests).
    static let terminalRecorder = URL(fileURLWithPath: "/usr/bin/script")

    /// `text` quoted for `sh -c`.
    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// A temporary directory for files a test hands to `signet`, removed afterwards.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("signet-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `contents` to a new file and returns its path.
    func file(named name: String, contents: Data) throws -> String {
        let file = url.appendingPathComponent(name)
        try contents.write(to: file)
        return file.path
    }

    func file(named name: String, text: String) throws -> String {
        try file(named: name, contents: Data(text.utf8))
    }
}
