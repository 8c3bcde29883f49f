import Foundation
import SignetServer

/// The reference server a network benchmark talks to over loopback.
///
/// By default a `signet-server` child process (built beside `signet-bench`), so that this process's CPU
/// time is the client's alone: with the server in the same process, the two share its event loops and
/// thread pool, and a few µs more client work per request shifted the server's wake-ups enough to show
/// as 15–25 µs more process CPU (docs/decisions.md, "The chain benchmark's server"). Without the
/// executable, or with `SIGNET_BENCH_SERVER=inprocess`, the server runs in this process.
struct BenchServer {
    let baseURL: URL
    /// Where the server runs, for the report's header.
    let placement: String
    /// The child's CPU time so far in seconds (nil in process, where it is part of this process's).
    let cpuSeconds: @Sendable () -> Double?
    /// The child's process id (nil in process).
    let childPID: Int32?
    let stop: () async -> Void

    /// Starts the server: a child with `arguments` (its state in memory unless they say `--postgres`: the
    /// child does not inherit `SIGNET_POSTGRES_URL`), or in this process with `configure`'s configuration.
    static func start(
        arguments: [String] = [], configure: (inout ReferenceServerConfiguration) -> Void = { _ in }
    ) async throws -> BenchServer {
        let executable = ServerProcess.siblingExecutable()
        let inProcess = ProcessInfo.processInfo.environment["SIGNET_BENCH_SERVER"] == "inprocess"
        if !inProcess, FileManager.default.isExecutableFile(atPath: executable.path) {
            var environment = ProcessInfo.processInfo.environment
            environment["SIGNET_POSTGRES_URL"] = nil
            let child = try await ServerProcess.start(executable: executable, arguments: arguments, environment: environment)
            guard let url = child.baseURL else { throw BenchFailure("signet-server gave no usable port") }
            let pid = child.process.processIdentifier
            return BenchServer(baseURL: url, placement: "a child signet-server process",
                               cpuSeconds: { ServerProcess.cpuSeconds(pid: pid) }, childPID: pid, stop: { _ = await child.stop() })
        }
        var configuration = ReferenceServerConfiguration()
        configuration.logger.logLevel = .warning
        configure(&configuration)
        let server = try await ReferenceServer.start(configuration)
        let placement = inProcess ? "this process (SIGNET_BENCH_SERVER=inprocess)"
            : "this process (no signet-server beside signet-bench: swift build -c release --product signet-server)"
        return BenchServer(baseURL: server.baseURL, placement: placement, cpuSeconds: { nil }, childPID: nil, stop: { await server.stop() })
    }
}
