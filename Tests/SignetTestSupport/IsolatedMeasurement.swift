import Foundation
import Synchronization

#if os(Linux)
/// Runs one test again in a child process of its own, for measurements that other suites would disturb
/// (or for code that may stop the process).
///
/// Memory figures of the test process include whatever the suites running alongside allocate. A test
/// that measures memory therefore runs itself again: this test binary, filtered to that one test, with
/// an environment variable set to a role. In the child, the test sees the role (``role(_:)``), measures,
/// and prints one line of `key=value` fields (``report(_:)``); the parent reads them back
/// (``run(test:variable:role:)``) and checks them.
public enum IsolatedMeasurement {
    /// The prefix of the line a child reports on.
    static let marker = "SIGNET-ISOLATED-MEASUREMENT"

    /// The role this process was started with, when it is a child started by ``run(test:variable:role:)``.
    public static func role(_ variable: String) -> String? {
        ProcessInfo.processInfo.environment[variable]
    }

    /// In the child: prints `fields` on one line for the parent, each value percent-encoded. Keys are
    /// plain words.
    public static func report(_ fields: KeyValuePairs<String, String>) {
        let encoded = fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
        let line = ([marker] + encoded).joined(separator: " ")
        FileHandle.standardOutput.write(Data(("\n" + line + "\n").utf8))
    }

    /// A child that did not report, or reported something unreadable.
    public struct ChildFailure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// How a child process ended, and what it printed.
    public struct ChildExit: Sendable {
        /// True when a signal ended it (a crash: `fatalError` traps).
        public let signalled: Bool
        /// The exit status, or the signal's number when ``signalled``.
        public let status: Int32
        /// Its standard output.
        public let output: String
        /// Its standard error.
        public let errors: String
    }

    /// Runs the test matching `test` (a swift-testing filter, such as `"MemoryTests.flatMemory"`) in a
    /// child process with `variable` set to `role` (and Swift's backtracer off, so a crash ends at once),
    /// and returns how it ended.
    ///
    /// `background` runs the child at a low CPU priority (`nice -n 10`), for children that measure memory,
    /// not time. A memory child decodes 16 MiB for seconds of CPU; near the suite's start three or four of
    /// them ran beside this process and took about half of the two cores (`top`), CPU that the tests here
    /// which time a deadline need when the machine is short of it (docs/decisions.md, "Tests on a loaded
    /// machine"). At nice 10 a child gets about a tenth of a core this process wants, and all of one it
    /// leaves idle: enough that its own request (30 s deadline) still ends, where nice 19 (a sixtieth)
    /// could starve it past that. Where `/usr/bin/nice` is missing, the child runs at this process's priority.
    public static func runChild(test: String, variable: String, role: String, background: Bool = false) async throws -> ChildExit {
        try await withCheckedThrowingContinuation { continuation in
            // Process and blocking reads on threads of their own, off the concurrency pool.
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    let process = Process()
                    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
                    let arguments = ["--testing-library", "swift-testing", "--filter", test]
                    if background, FileManager.default.isExecutableFile(atPath: "/usr/bin/nice") {
                        process.executableURL = URL(fileURLWithPath: "/usr/bin/nice")
                        process.arguments = ["-n", "10", executable] + arguments
                    } else {
                        process.executableURL = URL(fileURLWithPath: executable)
                        process.arguments = arguments
                    }
                    process.environment = ProcessInfo.processInfo.environment.merging([variable: role, "SWIFT_BACKTRACE": "enable=no"]) { $1 }
                    let output = Pipe(), errors = Pipe()
                    process.standardOutput = output
                    process.standardError = errors
                    try process.run()
                    // Both pipes are read at once, so that neither can fill up and block the child.
                    let errorData = Mutex(Data()), errorsRead = DispatchSemaphore(value: 0)
                    Thread.detachNewThread {
                        errorData.withLock { $0 = errors.fileHandleForReading.readDataToEndOfFile() }
                        errorsRead.signal()
                    }
                    let outputData = output.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    errorsRead.wait()
                    return ChildExit(signalled: process.terminationReason == .uncaughtSignal, status: process.terminationStatus,
                                     output: String(decoding: outputData, as: UTF8.self),
                                     errors: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
                })
            }
        }
    }

    /// Runs the test matching `test` in a child process with `variable` set to `role`, in the background
    /// (``runChild(test:variable:role:background:)``), and returns the fields it reported.
    public static func run(test: String, variable: String, role: String) async throws -> [String: String] {
        let output = try await runChild(test: test, variable: variable, role: role, background: true).output
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix(marker) }) else {
            throw ChildFailure(description: "the child reported nothing; its output ended with: \(output.suffix(600))")
        }
        var fields: [String: String] = [:]
        for field in line.split(separator: " ").dropFirst() {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]).removingPercentEncoding }
        }
        return fields
    }
}

/// Memory figures of this process, read from /proc.
public enum ProcessMemory {
    /// Resident set size (`VmRSS`), in bytes.
    public static func resident() -> Int? { statusField("VmRSS:") }

    /// The peak resident set size (`VmHWM`), in bytes.
    public static func highWaterMark() -> Int? { statusField("VmHWM:") }

    /// Resets the peak to the current resident size (`5` into /proc/self/clear_refs); false where the
    /// kernel refuses.
    public static func resetHighWaterMark() -> Bool {
        (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
    }

    /// glibc's `malloc_trim(0)`: gives freed heap back to the system, so a measurement cannot reuse memory
    /// freed earlier without it showing. Looked up at run time (Swift's Glibc module does not declare it);
    /// nothing happens where it is absent.
    public static func trimHeap() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = trim(0)
    }

    /// A `kB` line of /proc/self/status, in bytes.
    static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}
#endif
