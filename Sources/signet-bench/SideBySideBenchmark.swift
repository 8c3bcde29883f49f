import Foundation
import SignetGameSystem

/// The adapters' cost measured side by side (`--server-side --wrk PATH --side-by-side`): two identical
/// server processes (this executable with `--bench-servers`), both pinned to CPU 0, loaded at the same
/// moment by two wrk processes on CPU 1, one sending the plain route and the other the verified one; the
/// sides swap every round.
///
/// Why: this machine's speed moves by a third from one second to the next (a fixed loop takes 0.36–0.63 s,
/// measured 2026-11-28), so routes measured one after another, even in interleaved 2-second rounds, differ by
/// more than the few per cent the goal is about, and a median of 15 rounds still moved by ±0.1 between runs.
/// Two servers sharing one core at the same moment see the same speed: each one's CPU time per request
/// (from `/proc/PID/stat`) is then compared at one speed, and its inverse is the route's throughput on a
/// saturated core. The raw throughput ratio is printed too; it also depends on how the scheduler shares the
/// core between the two processes. A pair of the same route on both sides shows the method's own spread.
enum SideBySideBenchmark {
    /// Two routes of one framework's server, compared.
    private struct Pair: Sendable {
        let name: String
        let vapor: Bool
        let baseline: String
        let measured: String
        /// What the printed line says about the goal, given the capacity ratio.
        let goal: @Sendable (Double) -> String
    }

    /// Every pair, or those whose name contains one of `SIGNET_BENCH_PAIRS`'s comma-separated words (any case;
    /// `SIGNET_BENCH_PAIRS=hummingbird,spread`), to iterate on one adapter in a minute rather than four.
    /// - Throws: when the words name no pair (the message lists the pairs' names).
    private static func pairs() throws -> [Pair] {
        let setting = ProcessInfo.processInfo.environment["SIGNET_BENCH_PAIRS"] ?? ""
        let words = setting.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !words.isEmpty else { return allPairs }
        let chosen = allPairs.filter { pair in words.contains { pair.name.lowercased().contains($0) } }
        guard !chosen.isEmpty else {
            throw BenchFailure("SIGNET_BENCH_PAIRS=\(setting) names no pair; the pairs are: "
                               + allPairs.map { "'\($0.name)'" }.joined(separator: ", "))
        }
        return chosen
    }

    private static let allPairs: [Pair] = [
        Pair(name: "the plain route on both sides (spread)", vapor: false,
             baseline: "/unverified/player", measured: "/unverified/player", goal: { _ in "should read 1.00" }),
        Pair(name: "Hummingbird: verified/plain", vapor: false, baseline: "/unverified/player", measured: "/verified/player",
             goal: adapterGoal),
        Pair(name: "Vapor: verified/plain", vapor: true, baseline: "/unverified/player", measured: "/verified/player",
             goal: adapterGoal),
        Pair(name: "OpenAPI on Hummingbird: verified/plain", vapor: false, baseline: "/openapi/unverified/player",
             measured: "/openapi/verified/player", goal: adapterGoal),
        Pair(name: "metrics and tracing on, a traced app: with/without", vapor: false, baseline: "/tracedverified/player",
             measured: "/tracedobserved/player", goal: { verdict($0, atLeast: 0.97, "goal: cost ≤ 3 %") }),
        Pair(name: "the same, no request span: with/without", vapor: false, baseline: "/verified/player",
             measured: "/observed/player", goal: { _ in "a span of its own, for reference" }),
        Pair(name: "Hummingbird: a no-op middleware/plain", vapor: false, baseline: "/unverified/player", measured: "/passthrough/player",
             goal: { _ in "the cost of any middleware there" }),
        Pair(name: "Vapor: a no-op middleware/plain", vapor: true, baseline: "/unverified/player", measured: "/passthrough/player",
             goal: { _ in "the cost of any middleware there" }),
        Pair(name: "Vapor: the floor (target read, identity in req.auth)/plain", vapor: true, baseline: "/unverified/player",
             measured: "/floor/player", goal: { _ in "the most any Vapor adapter can read" }),
    ]

    @Sendable private static func adapterGoal(_ ratio: Double) -> String {
        verdict(ratio, atLeast: 0.95, "goal ≥ 0.95")
    }

    /// `goal` met or not by `ratio`, with the ratio to three places where two would read as the threshold
    /// itself (0.9496 prints as 0.95, and is not met).
    private static func verdict(_ ratio: Double, atLeast threshold: Double, _ goal: String) -> String {
        let met = ratio >= threshold
        let exact = fixed(ratio) == fixed(threshold) ? " (\(fixed(ratio, 3)))" : ""
        return "\(goal) \(met ? "met" : "NOT met")\(exact)"
    }

    static func run(wrk: WrkLoad, connections: Int, rounds: Int) async throws {
        let pairs = try Self.pairs()   // before any server starts: a misspelt name fails at once
        print("Each adapter side by side: two identical server processes on one core, loaded at the same moment")
        let pinned = ProcessInfo.processInfo.activeProcessorCount >= 2
        print("  (\(rounds) rounds × \(wrk.seconds) s per pair, \(connections) connections on each side, sides swapped every round; "
              + (pinned ? "both servers on CPU 0, both wrk on CPU 1)" : "one CPU here: nothing pinned)"))
        // wrk inherits this process's CPU.
        if pinned { CPUPinning.pin(pid: getpid(), cpu: 1) }
        let left = try await BenchServersProcess.start()
        let right: BenchServersProcess
        do {
            right = try await BenchServersProcess.start()
        } catch {
            left.stop()
            throw error
        }
        defer {
            left.stop()
            right.stop()
        }
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: "bench-key", secret: "bench-secret"))
        // Per pair: the capacity ratio (baseline CPU per request over measured) and the throughput ratio, per
        // round, and each side's CPU per request.
        var capacity = Array(repeating: [Double](), count: pairs.count)
        var throughput = capacity, baselineCPU = capacity, measuredCPU = capacity
        for round in 0..<rounds {
            for index in pairs.indices.map({ ($0 + round) % pairs.count }) {
                let pair = pairs[index]
                // Sides swap every round, so neither process's quirks (its heap, its threads) weigh on one route.
                let (baselineServer, measuredServer) = round % 2 == 0 ? (left, right) : (right, left)
                if pinned {
                    CPUPinning.pin(pid: left.pid, cpu: 0)
                    CPUPinning.pin(pid: right.pid, cpu: 0)
                }
                func load(_ server: BenchServersProcess, _ path: String) throws -> WrkLoad.Running {
                    let headers = try signer.sign(method: .get, target: path, body: [], date: Date()).headerFields
                        .map { ($0.name.rawName, $0.value) }
                    let port = pair.vapor ? server.vaporPort : server.hummingbirdPort
                    return try wrk.launch(url: "http://127.0.0.1:\(port)\(path)", headers: headers, connections: connections)
                }
                let before = (try baselineServer.cpuSeconds(), try measuredServer.cpuSeconds())
                let baselineLoad = try load(baselineServer, pair.baseline)
                let measuredLoad = try load(measuredServer, pair.measured)
                let baseline = try baselineLoad.finish(), measured = try measuredLoad.finish()
                let after = (try baselineServer.cpuSeconds(), try measuredServer.cpuSeconds())
                let baselinePerRequest = (after.0 - before.0) * 1e6 / baseline.requests
                let measuredPerRequest = (after.1 - before.1) * 1e6 / measured.requests
                capacity[index].append(baselinePerRequest / measuredPerRequest)
                throughput[index].append(measured.rate / baseline.rate)
                baselineCPU[index].append(baselinePerRequest)
                measuredCPU[index].append(measuredPerRequest)
            }
        }
        for (index, pair) in pairs.enumerated() {
            let ratio = Measure.median(capacity[index])
            report(pair.name, fixed(ratio), pair.goal(ratio))
            report("  CPU per GET, baseline → measured",
                   "\(fixed(Measure.median(baselineCPU[index]), 1)) → \(fixed(Measure.median(measuredCPU[index]), 1)) µs",
                   "medians; capacity ratios from \(fixed(capacity[index].min() ?? .nan)) to \(fixed(capacity[index].max() ?? .nan))")
            report("  throughput at once, measured/baseline", fixed(Measure.median(throughput[index])),
                   "also moved by how the core was shared")
        }
    }

    /// The child's side (`signet-bench --bench-servers`): the benchmark's Hummingbird and Vapor servers, the
    /// same routes as `--server-side`, until standard input closes (the parent ends or stops it).
    static func serve() async throws {
        let (_, hummingbird, vapor) = try await VerificationBenchmark.startServers()
        // Here, in the child alone, and after every route's verification is made (each resolved its tracer
        // then): only the traced routes' `TracingMiddleware` reads the bootstrapped tracer, per request. In the
        // parent, an AsyncHTTPClient configured later would trace its requests too.
        BatchingTracer.bootstrapOnce
        // Unbuffered: the parent waits for this line.
        FileHandle.standardOutput.write(Data("bench servers (hummingbird port \(hummingbird.port)) (vapor port \(vapor.port))\n".utf8))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                while !FileHandle.standardInput.availableData.isEmpty {}
                done.resume()
            }
        }
        await vapor.stop()
        await hummingbird.stop()
    }
}

/// A child `signet-bench --bench-servers`: its two ports, its CPU time, and its standard input, whose end
/// stops it (so it also ends when this process dies).
private final class BenchServersProcess {
    let process: Process
    let hummingbirdPort: Int
    let vaporPort: Int
    private let input: Pipe

    private init(process: Process, input: Pipe, hummingbirdPort: Int, vaporPort: Int) {
        self.process = process
        self.input = input
        self.hummingbirdPort = hummingbirdPort
        self.vaporPort = vaporPort
    }

    var pid: Int32 { process.processIdentifier }

    /// Starts this executable with `--bench-servers` and waits (up to 60 s) for the line naming its ports.
    static func start() async throws -> BenchServersProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--bench-servers"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let pid = process.processIdentifier
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            kill(pid, SIGKILL)   // cancelled (no kill) once the ports are read
        }
        defer { watchdog.cancel() }
        let reader = output.fileHandleForReading
        let ports: (Int, Int)? = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var text = ""
                var ports: (Int, Int)?
                while ports == nil {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                    if let hummingbird = ServerProcess.port(in: text, after: "(hummingbird port "), let vapor = ServerProcess.port(in: text, after: "(vapor port ") {
                        ports = (hummingbird, vapor)
                    }
                }
                continuation.resume(returning: ports)
            }
        }
        guard let ports else {
            if process.isRunning { kill(pid, SIGKILL) }
            process.waitUntilExit()
            throw BenchFailure("signet-bench --bench-servers printed no ports (status \(process.terminationStatus))")
        }
        return BenchServersProcess(process: process, input: input, hummingbirdPort: ports.0, vaporPort: ports.1)
    }

    /// CPU time (user + system) the child has used so far, in seconds.
    /// - Throws: when `/proc/PID/stat` cannot be read (the child has gone).
    func cpuSeconds() throws -> Double {
        guard let seconds = ServerProcess.cpuSeconds(pid: pid) else {
            throw BenchFailure("cannot read the CPU time of signet-bench --bench-servers (pid \(pid)) from /proc/\(pid)/stat")
        }
        return seconds
    }

    /// Closes its standard input and waits up to 10 s for it to stop, then kills it and waits up to 5 s more
    /// (never longer: a child that crashed may sit in its backtracer for minutes).
    func stop() {
        try? input.fileHandleForWriting.close()
        func wait(_ seconds: Double) {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { usleep(20_000) }
        }
        wait(10)
        guard process.isRunning else { return }
        kill(pid, SIGKILL)
        wait(5)
    }
}
