import Foundation

/// Runs benchmarks in interleaved rounds so a baseline and its subject see the same machine state.
enum Measure {
    /// Nanoseconds per operation for each round of `iterations` calls.
    static func nanosecondsPerOperation(iterations: Int, _ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<iterations { try body() }
        let elapsed = clock.now - start
        let (seconds, attoseconds) = elapsed.components
        return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(iterations)
    }

    /// Per-operation nanoseconds for several bodies measured in alternating small batches, so each sees
    /// the same machine state; returns the best (minimum) and median batch for each body. The minimum is
    /// what the code costs when nothing interferes; the median shows how noisy the machine was.
    static func interleaved(
        batches: Int, batchSize: Int, _ bodies: [() throws -> Void]
    ) throws -> [(best: Double, median: Double)] {
        var samples = Array(repeating: [Double](), count: bodies.count)
        for body in bodies { _ = try nanosecondsPerOperation(iterations: batchSize, body) } // warm-up
        for _ in 0..<batches {
            for (index, body) in bodies.enumerated() {
                samples[index].append(try nanosecondsPerOperation(iterations: batchSize, body))
            }
        }
        return samples.map { ($0.min() ?? .nan, median($0)) }
    }

    /// Wall-clock seconds of one call.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let (seconds, attoseconds) = (clock.now - start).components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Wall-clock seconds of one asynchronous call.
    static func asyncSeconds(_ body: () async throws -> Void) async rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        let (seconds, attoseconds) = (clock.now - start).components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Runs `body` `count` times over `concurrency` concurrent workers; returns requests per second and the
    /// process CPU time per request in microseconds (client and server, when both run in this process).
    static func concurrentRate(
        _ count: Int, _ concurrency: Int, _ body: @escaping @Sendable () async throws -> Void
    ) async throws -> (rate: Double, cpu: Double) {
        let cpuBefore = processCPUSeconds()
        let seconds = try await asyncSeconds {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<concurrency {
                    let share = count / concurrency + (worker < count % concurrency ? 1 : 0)
                    group.addTask { for _ in 0..<share { try await body() } }
                }
                try await group.waitForAll()
            }
        }
        let cpuMicroseconds = (processCPUSeconds() - cpuBefore) * 1e6 / Double(count)
        return (Double(count) / seconds, cpuMicroseconds)
    }

    /// The median of a non-empty list.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// CPU time (user + system, all threads) this process has used so far, in seconds: unlike wall-clock
    /// throughput, it does not change when other processes compete for the cores.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Peak resident memory of this process so far, in KiB.
    static func peakResidentKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }
}

/// Prints a result line in a fixed layout.
func report(_ name: String, _ value: String, _ note: String = "") {
    let padded = name.padding(toLength: 52, withPad: " ", startingAt: 0)
    print("  \(padded) \(value)\(note.isEmpty ? "" : "  \(note)")")
}

/// Formats a number with a fixed count of decimals.
func fixed(_ value: Double, _ decimals: Int = 2) -> String {
    String(format: "%.\(decimals)f", value)
}
