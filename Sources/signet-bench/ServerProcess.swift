import Foundation

/// A `signet-server` child process on 127.0.0.1 and a port of its choosing, whose resident memory can be
/// read from `/proc/PID/status` (the server's alone: the load's clients live in this process).
final class ServerProcess {
    let process: Process
    /// The port the server printed.
    let port: Int
    /// Where the server's stderr goes (shown when it fails).
    let stderrURL: URL

    private init(process: Process, port: Int, stderrURL: URL) {
        self.process = process
        self.port = port
        self.stderrURL = stderrURL
    }

    var baseURL: URL? { URL(string: "http://127.0.0.1:\(port)") }
    var isRunning: Bool { process.isRunning }

    /// `signet-server` beside this executable (`swift build -c release --product signet-server` puts it there).
    static func siblingExecutable() -> URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("signet-server")
    }

    /// Starts `executable` with `--port 0` and `arguments` (and `environment`, else this process's), and
    /// returns once it has printed its port.
    /// - Throws: when it cannot start, exits, or prints no port within `timeout` (it is killed then).
    static func start(
        executable: URL, arguments: [String], environment: [String: String]? = nil, timeout: Duration = .seconds(30)
    ) async throws -> ServerProcess {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw BenchFailure("""
                no signet-server at \(executable.path): build it beside signet-bench \
                (swift build -c release --product signet-server) or pass --server PATH
                """)
        }
        let stderrURL = FileManager.default.temporaryDirectory.appendingPathComponent("signet-soak-server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stderr = try FileHandle(forWritingTo: stderrURL)
        defer { try? stderr.close() }
        let output = Pipe()
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--host", "127.0.0.1", "--port", "0"] + arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = stderr
        try process.run()
        let pid = process.processIdentifier
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            kill(pid, SIGKILL)   // cancelled (no kill) once the port is read
        }
        defer { watchdog.cancel() }
        // Blocking reads on a queue of their own: the banner, then the rest discarded until the child exits.
        let reader = output.fileHandleForReading
        let port: Int? = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var text = ""
                var port: Int?
                while port == nil {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                    port = Self.port(in: text)
                }
                continuation.resume(returning: port)
                while !reader.availableData.isEmpty {}
            }
        }
        guard let port else {
            if process.isRunning { kill(pid, SIGKILL) }
            process.waitUntilExit()
            let log = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
            throw BenchFailure("signet-server printed no port (status \(process.terminationStatus)): \(log.suffix(2_000))")
        }
        return ServerProcess(process: process, port: port, stderrURL: stderrURL)
    }

    /// The N of "(port N)" in the server's banner, or of `prefix` N `)` (the children of `--side-by-side`
    /// name two ports).
    static func port(in text: String, after prefix: String = "(port ") -> Int? {
        guard let range = text.range(of: prefix) else { return nil }
        let digits = text[range.upperBound...].prefix(while: \.isNumber)
        guard text[range.upperBound...].dropFirst(digits.count).first == ")" else { return nil }
        return Int(digits)
    }

    /// The process id.
    var pid: Int32 { process.processIdentifier }

    /// The server's resident memory (VmRSS) in KiB, or nil when it cannot be read.
    func residentKiB() -> Int? { Self.residentKiB(pid: pid) }

    /// The resident memory (VmRSS) of process `pid` in KiB, from `/proc/PID/status`.
    static func residentKiB(pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(line.dropFirst("VmRSS:".count).split(whereSeparator: \.isWhitespace).first ?? "")
    }

    /// CPU time (user + system) process `pid` has used so far, in seconds, from `/proc/PID/stat`.
    static func cpuSeconds(pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.range(of: ") ", options: .backwards) else { return nil }
        // After the command name: state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[close.upperBound...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The last `limit` characters the server wrote to stderr.
    func stderrTail(_ limit: Int = 2_000) -> String {
        String(((try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "").suffix(limit))
    }

    /// SIGTERM, up to `grace` for a graceful stop, then SIGKILL; returns the exit status.
    @discardableResult
    func stop(grace: Duration = .seconds(10)) async -> Int32 {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            let deadline = ContinuousClock.now.advanced(by: grace)
            while process.isRunning, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(50))
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: stderrURL)
        return process.terminationStatus
    }
}
