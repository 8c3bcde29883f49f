import Foundation

/// Runs blocking work (a child process to its end, a pipe read to EOF) on a thread of its own and awaits it.
///
/// Swift's cooperative pool has one thread per core: two on the CI machine. A test that blocks a pool thread
/// for the seconds a Python checker runs leaves every other test in the process (and the servers they talk
/// to, whose handlers run on the same pool, and the clients' deadline timer) one thread or none, and they
/// time out for it. Blocking work never runs on the pool.
public enum OffPool {
    /// `work`'s result, computed on a new thread.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Runs `process` (configured, not started) to its end off the pool; returns what it wrote to `output`
    /// (a pipe set as its standard output, and maybe error), read before waiting so a full pipe never blocks it.
    public static func run(_ process: Process, reading output: Pipe?) async throws -> Data {
        try await run {
            try process.run()
            let data = output?.fileHandleForReading.readDataToEndOfFile() ?? Data()
            process.waitUntilExit()
            return data
        }
    }
}
