import Foundation
import HTTPTypes
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetServer
import Synchronization

/// State-changing load on one reference server: Magic posts, each with an `Idempotency-Key` of its own, as
/// fast as `concurrency` clients can send them for `seconds`, spread over 10,000 players so that no two
/// posts in a second are identical (none is refused as a replay or paced by the client), and the replay and
/// idempotency stores grow by one entry per post. In memory, and on PostgreSQL when a URL is given.
///
/// What it shows: POSTs/s in each quarter of the run must stay flat while the stores fill (the old replay
/// cache re-filtered 10,000 entries on every insert once full, and throughput fell from ~2,900/s to under
/// 100/s), plus p50/p99 latency.
enum ServerLoadBenchmark {
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
        /// A new number for each post, so no two bodies are the same.
        func next() -> Int { state.withLock { $0.issued += 1; return $0.issued } }
        var snapshot: (latencies: [Double], finishTimes: [Double], failures: [String: Int]) {
            state.withLock { ($0.latencies, $0.finishTimes, $0.failures) }
        }
    }

    static let players = 10_000

    static func run(seconds: Int, concurrency: Int, postgresURL: String? = nil) async throws {
        let store = postgresURL == nil ? "in memory" : "on PostgreSQL"
        print("Magic POSTs with unique Idempotency-Keys over \(players) players, one reference server \(store), "
              + "\(concurrency) clients for \(seconds) s")
        var configuration = ReferenceServerConfiguration()
        configuration.postgresURL = postgresURL
        configuration.extraPlayers = players
        configuration.logger.logLevel = .warning
        // One admin key sends the whole load: its quota is the whole store.
        configuration.replayCapacity = 1_000_000
        configuration.idempotencyCapacity = 1_000_000
        configuration.replayQuotaPerKey = 1_000_000
        configuration.idempotencyQuotaPerKey = 1_000_000
        let server = try await ReferenceServer.start(configuration)
        let client = try LoadTraffic.signedClient(
            baseURL: server.baseURL, apiKey: DemoCredentials.adminKey, secret: DemoCredentials.adminSecret,
            transport: SignetAsyncHTTPClientTransport())
        let recorder = Recorder()
        let clock = ContinuousClock()
        let start = clock.now
        let end = start.advanced(by: .seconds(seconds))
        func elapsed(_ instant: ContinuousClock.Instant) -> Double { LoadTraffic.seconds(from: start, to: instant) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    while clock.now < end {
                        let n = recorder.next()
                        let (request, body) = LoadTraffic.magicPost(n, players: players)
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
        await server.stop()
        let (latencies, finishTimes, failures) = recorder.snapshot
        let quarter = Double(seconds) / 4
        var rates: [Double] = []
        for index in 0..<4 {
            let from = Double(index) * quarter, to = from + quarter
            rates.append(Double(finishTimes.filter { $0 >= from && $0 < to }.count) / quarter)
        }
        let sorted = latencies.sorted()
        func percentile(_ p: Double) -> Double { LoadTraffic.percentileMilliseconds(sorted, p) }
        report("accepted POSTs (distinct keys), \(store)", "\(latencies.count)", "over \(seconds) s")
        report("POSTs/s by quarter", rates.map { fixed($0, 0) }.joined(separator: " / "))
        let flatness = (rates.last ?? .nan) / (rates.first ?? .nan)
        report("last quarter / first quarter", fixed(flatness), "target ≥ 0.8 (flat) \(flatness >= 0.8 ? "met" : "NOT met")")
        report("latency p50 / p99", "\(fixed(percentile(0.5), 2)) ms / \(fixed(percentile(0.99), 2)) ms")
        if !failures.isEmpty {
            report("failures", failures.map { "\($0.key): \($0.value)" }.sorted().joined(separator: "; "))
        }
    }
}
