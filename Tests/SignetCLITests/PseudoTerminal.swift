import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `signet` on a pseudo-terminal this test opens itself (`openpty`), so a full-screen
/// command sees a terminal on stdin and stdout: the test types keys into the master side and reads the
/// screen from it (`openpty`). No tmux or `script` is needed.
final class PseudoTerminal: @unchecked Sendable {
    private let master: Int32
    private let process = Process()
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var exitStatus: Int32?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `signet` with `arguments` on a new pseudo-terminal; the environment is the test's minus every
    /// `SIGNET_*` variable, plus `environment` and `TERM=xterm-256color`.
    init(_ arguments: [String], environment extra: [String: String]) throws {
        var master: Int32 = -1, slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else {
            throw Failure(description: "no pseudo-terminal (errno \(errno))")
        }
        self.master = master
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SIGNET_") }
        environment["NO_COLOR"] = nil
        environment["TERM"] = "xterm-256color"
        for (key, value) in extra { environment[key] = value }
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.executableURL = try SignetProcess.executable()
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = SignetProcess.packageRoot
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        process.terminationHandler = { [weak self] finished in self?.finished(finished.terminationStatus) }
        do {
            try process.run()
        } catch {
            close(slave)
            close(master)
            throw error
        }
        close(slave)
        let reader = Thread { [self] in readScreen() }
        reader.start()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        close(master)
    }

    private func finished(_ status: Int32) {
        lock.withLock { exitStatus = status }
    }

    /// Copies everything the command writes until the slave side is closed (read then fails with EIO).
    private func readScreen() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count > 0 {
                lock.withLock { received += buffer[0..<count] }
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Types `keys` (arrows as `ESC [ A` …).
    func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// How many bytes the command has written so far: a mark for ``wait(for:after:timeout:)``.
    var written: Int { lock.withLock { received.count } }

    /// What the command wrote after the first `offset` bytes, with the terminal's escape sequences removed.
    func text(after offset: Int = 0) -> String {
        let bytes = lock.withLock { Array(received.dropFirst(offset)) }
        return String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
    }

    /// Waits until what was written after `offset` bytes (escapes removed) contains `expected`; fails after `timeout`.
    @discardableResult
    func wait(for expected: String, after offset: Int = 0, timeout: Duration = .seconds(30)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let text = text(after: offset)
            if text.contains(expected) { return text }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "\"\(expected)\" did not appear within \(timeout); the screen so far:\n\(text(after: offset))")
    }

    /// Waits for the command to exit and returns its status; kills it after `timeout`.
    func exit(timeout: Duration = .seconds(30)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let status = lock.withLock({ exitStatus }) { return status }
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(process.processIdentifier, SIGKILL)
        throw Failure(description: "signet did not exit within \(timeout); the screen so far:\n\(text())")
    }
}
