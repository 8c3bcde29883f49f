import Foundation
import HTTPTypes
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetServer
import Synchronization

/// Load on one reference server (a child `signet-server`, see ``BenchServer``), as fast as `concurrency`
/// clients in this process can send for `seconds`:
/// Magic posts, each with an `Idempotency-Key` of its own, spread over 10,000 players so that no two posts in
/// a second are identical (none is refused as a replay or paced by the client) and the replay and
/// idempotency stores grow by one entry per post; or signed GETs of the same players. In memory, or on
/// PostgreSQL when a URL is given.
///
/// What it shows: requests/s in each quarter of the run must stay flat while the stores fill (the old replay
/// cache re-filtered 10,000 entries on every insert once full, and throughput fell from ~2,900/s to under
/// 100/s), plus p50/p99 latency and the CPU per request of the clients (this process) and of the server.
enum ServerLoadBenchmark {
    /// What the clients send.
    enum Traffic: String {
        case magicPosts = "Magic POSTs"
        case playerGets = "player GETs"
    }

    /// One run's figures.
    struct Result {
        let traffic: Traffic
        let store: String
        let seconds: Int
        /// Answers 200 per second over the whole run.
        let rate: Double
        let quarters: [Double]
        let p50: Double
        let p99: Double
        /// This process's CPU (the clients; and the server when it runs in this process) per answered request, in µs.
        let clientCPUMicroseconds: Double
        /// The child server's CPU per answered request, in µs (`nil` when it runs in this process).
        let serverCPUMicroseconds: Double?
        let failures: [String: Int]
    }

    private final class Recorder: Sendable {
        private struct State {
            var latencies: [Double] = []
            var finishTimes: [Double] = []
            var failures: [String: Int] = [:]
            var issued = 0
        }
        private let state = Mutex(State())

        func record(latency: Double, finishedAt: Double) {
            state.withLock { $0.latencies.append(latency); $0.finishTimes.append(finishedAt) }
        }
        func fail(_ reason: String) { state.withLock { $0.failures[reason, default: 0] += 1 } }
        /// A new number for each request, so no two bodies are the same.
        func next() -> Int { state.withLock { $0.issued += 1; return $0.issued } }
        var snapshot: (latencies: [Double], finishTimes: [Double], failures: [String: Int]) {
            state.withLock { ($0.latencies, $0.finishTimes, $0.failures) }
        }
    }

    static let players = 10_000

    /// Runs `traffic` against a fresh server (in memory, or on `postgresURL` with a pool of `poolSize`);
    /// `around` wraps the load itself (the caller samples other processes' CPU around it).
    static func run(
        _ traffic: Traffic, seconds: Int, concurrency: Int, postgresURL: String? = nil, poolSize: Int? = nil,
        around: (() async throws -> Void) async throws -> Void = { try await $0() }
    ) async throws -> Result {
        let store = postgresURL == nil ? "in memory" : "on PostgreSQL"
        var arguments = ["--players", "\(players)", "--replay-capacity", "1000000", "--replay-quota", "1000000",
                         "--idempotency-capacity", "1000000", "--idempotency-quota", "1000000"]
        if let postgresURL { arguments += ["--postgres", postgresURL] }
        if let poolSize { arguments += ["--postgres-pool", "\(poolSize)"] }
        let server = try await BenchServer.start(arguments: arguments) { configuration in
            configuration.postgresURL = postgresURL
            configuration.extraPlayers = players
            if let poolSize { configuration.postgresPoolSize = poolSize }
            // One admin key sends the whole load: its quota is the whole store.
            configuration.replayCapacity = 1_000_000
            configuration.idempotencyCapacity = 1_000_000
            configuration.replayQuotaPerKey = 1_000_000
            configuration.idempotencyQuotaPerKey = 1_000_000
        }
        print("\(traffic.rawValue) over \(players) players\(traffic == .magicPosts ? " (unique Idempotency-Keys)" : ""), "
              + "one reference server \(store) in \(server.placement), \(concurrency) clients for \(seconds) s")
        let posts = traffic == .magicPosts
        let client = try LoadTraffic.signedClient(
            baseURL: server.baseURL, apiKey: posts ? DemoCredentials.adminKey : DemoCredentials.clientKey,
            secret: posts ? DemoCredentials.adminSecret : DemoCredentials.clientSecret, transport: SignetAsyncHTTPClientTransport())
        let recorder = Recorder()
        let clock = ContinuousClock()
        let cpuBefore = Measure.processCPUSeconds()
        let serverBefore = server.cpuSeconds()
        let start = clock.now
        let end = start.advanced(by: .seconds(seconds))
        func elapsed(_ instant: ContinuousClock.Instant) -> Double { LoadTraffic.seconds(from: start, to: instant) }
        try await around {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<concurrency {
                    group.addTask {
                        while clock.now < end {
                            let n = recorder.next()
                            let (request, body) = posts ? LoadTraffic.magicPost(n, players: players) : LoadTraffic.playerGet(n, players: players)
                            let sent = clock.now
                            do {
                                let (response, responseBody) = try await client.send(request, body: body, operation: "load")
                                _ = try await responseBody.collect(upTo: 1 << 16)
                                let done = clock.now
                                if response.status == .ok {
                                    recorder.record(latency: elapsed(done) - elapsed(sent), finishedAt: elapsed(done))
                                } else {
                                    recorder.fail("HTTP \(response.status.code)")
                                }
                            } catch {
                                recorder.fail("\(error)")
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        let cpu = Measure.processCPUSeconds() - cpuBefore
        let serverCPU = serverBefore.flatMap { before in server.cpuSeconds().map { $0 - before } }
        await server.stop()
        let (latencies, finishTimes, failures) = recorder.snapshot
        let quarter = Double(seconds) / 4
        var quarters: [Double] = []
        for index in 0..<4 {
            let from = Double(index) * quarter, to = from + quarter
            quarters.append(Double(finishTimes.filter { $0 >= from && $0 < to }.count) / quarter)
        }
        let sorted = latencies.sorted()
        let result = Result(
            traffic: traffic, store: store, seconds: seconds, rate: Double(latencies.count) / Double(seconds),
            quarters: quarters, p50: LoadTraffic.percentileMilliseconds(sorted, 0.5),
            p99: LoadTraffic.percentileMilliseconds(sorted, 0.99),
            clientCPUMicroseconds: cpu * 1e6 / Double(max(1, latencies.count)),
            serverCPUMicroseconds: serverCPU.map { $0 * 1e6 / Double(max(1, latencies.count)) }, failures: failures)
        result.print()
        return result
    }
}

extension ServerLoadBenchmark.Result {
    /// The run's lines: answers, rate by quarter and flatness, latency, CPU, failures.
    func print() {
        report("answered 200, \(traffic.rawValue) \(store)", "\(fixed(rate, 0))/s", "over \(seconds) s")
        report("per quarter", quarters.map { fixed($0, 0) }.joined(separator: " / "))
        let flatness = (quarters.last ?? .nan) / (quarters.first ?? .nan)
        report("last quarter / first quarter", fixed(flatness), "target ≥ 0.8 (flat) \(flatness >= 0.8 ? "met" : "NOT met")")
        report("latency p50 / p99", "\(fixed(p50, 2)) ms / \(fixed(p99, 2)) ms")
        if let serverCPUMicroseconds {
            report("CPU per request: clients / server", "\(fixed(clientCPUMicroseconds, 0)) µs / \(fixed(serverCPUMicroseconds, 0)) µs")
        } else {
            report("CPU per request, clients and server", "\(fixed(clientCPUMicroseconds, 0)) µs", "both in this process")
        }
        if !failures.isEmpty {
            report("failures", failures.map { "\($0.key): \($0.value)" }.sorted().joined(separator: "; "))
        }
    }
}
