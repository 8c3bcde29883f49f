import CSignetBenchFloor
import Foundation
import Synchronization

/// `SIGNET_BENCH_PIN=1`: the chain benchmark's client (this process) on CPU 0 and its child server on
/// CPU 1, every thread of each.
///
/// Unpinned, both processes' threads share both cores, and the client's CPU per request jumps between
/// about 44 and 65 µs from one second to the next for the same code; per-round differences between the
/// chain and the bare GET spread over −16…+50 µs. Pinned, they stay within a few µs, so a change of half a
/// µs per request shows. The cost: on one core, every wake-up of an event loop by the client's thread pool
/// preempts it, so the added CPU reads about 2.5 times what the same code costs in a tight loop
/// (docs/decisions.md, "The chain benchmark's server"). Linux only (it reads `/proc/PID/task`);
/// elsewhere, and on one CPU, it does nothing.
enum CPUPinning {
    /// Whether the run asked for pinning.
    static let asked = ProcessInfo.processInfo.environment["SIGNET_BENCH_PIN"] == "1"
    /// Whether the run asked for pinning and the machine has two CPUs for it.
    static let requested = asked && ProcessInfo.processInfo.activeProcessorCount >= 2

    /// The line the report's header prints about pinning, or nil when it was not asked for.
    static var summary: String? {
        guard asked else { return nil }
        return requested ? "SIGNET_BENCH_PIN=1: this process on CPU 0, the server on CPU 1"
            : "SIGNET_BENCH_PIN=1 ignored: this machine has one CPU"
    }

    /// Pins every thread of this process to CPU 0 and of `child` to CPU 1. Called before every round, as
    /// the thread pools start threads lazily; a new thread inherits its creator's CPU. A thread that cannot
    /// be pinned (a CPU outside this process's cgroup, say) is reported once on stderr: the figures are
    /// then not pinned ones.
    static func apply(child: Int32?) {
        guard requested else { return }
        pin(pid: getpid(), cpu: 0)
        if let child { pin(pid: child, cpu: 1) }
    }

    private static let reported = Mutex(false)

    /// Pins every thread process `pid` has now to `cpu` (a thread it starts later inherits its creator's
    /// CPU); a thread that cannot be pinned is reported once on stderr.
    static func pin(pid: Int32, cpu: Int) {
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else {
            warn("cannot list the threads of process \(pid) in /proc/\(pid)/task; not pinned")
            return
        }
        for thread in threads.compactMap({ Int32($0) }) where signet_bench_pin_thread(thread, Int32(cpu)) == 0 {
            let reason = String(cString: strerror(errno))
            // A thread that ended since the listing is no failure.
            guard FileManager.default.fileExists(atPath: "/proc/\(pid)/task/\(thread)") else { continue }
            warn("cannot pin thread \(thread) of process \(pid) to CPU \(cpu): \(reason); figures are not pinned")
        }
    }

    private static func warn(_ message: String) {
        let first = reported.withLock { reported in
            defer { reported = true }
            return !reported
        }
        if first { FileHandle.standardError.write(Data((message + "\n").utf8)) }
    }
}
