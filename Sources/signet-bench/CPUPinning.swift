import CSignetBenchFloor
import Foundation

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
    /// Whether the run asked for pinning and the machine has two CPUs for it.
    static let requested: Bool = {
        guard ProcessInfo.processInfo.environment["SIGNET_BENCH_PIN"] == "1" else { return false }
        return ProcessInfo.processInfo.activeProcessorCount >= 2
    }()

    /// Pins every thread of this process to CPU 0 and of `child` to CPU 1. Called before every round, as
    /// the thread pools start threads lazily; a new thread inherits its creator's CPU.
    static func apply(child: Int32?) {
        guard requested else { return }
        pin(pid: getpid(), cpu: 0)
        if let child { pin(pid: child, cpu: 1) }
    }

    private static func pin(pid: Int32, cpu: Int) {
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return }
        for thread in threads.compactMap({ Int32($0) }) {
            _ = signet_bench_pin_thread(thread, Int32(cpu))
        }
    }
}
