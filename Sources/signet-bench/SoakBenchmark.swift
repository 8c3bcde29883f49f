import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetServer
import Synchronization

/// `signet-bench --soak`: the reference server (`signet-server`, a child process) under a long mixed load
/// of many concurrent signed clients, to show that it stays correct, fast and bounded in memory.
///
/// Each client sends, in turn over a global request number n: 50 % reads (a signed `GET` of a seeded
/// player), 40 % Magic posts (each with its own `Idempotency-Key` and spread over the seeded players, so no
/// two are byte-identical: never a replay), 10 % deliberately bad requests (a wrong secret for the admin key:
/// `bad-signature`; a `Date` an hour old: `date-outside-window`; a key the server does not know:
/// `unknown-key`). Reads and posts must answer 200, bad requests 401 with exactly their reason; anything
/// else (another status or reason, a transport failure, a timeout) is a failure, and the mode exits 1.
///
/// The load runs `warmup` seconds (the server's replay and idempotency stores fill up to their steady size:
/// entries leave after the 20 s window and the idempotency lifetime), then `seconds` measured seconds. The
/// server's resident memory (VmRSS of the child) is read before, after warm-up, every few seconds and after
/// the run: with eviction working it stays flat however many requests go through. Single-request latency
/// (sequential signed GETs) is measured before the load and after it.
enum SoakBenchmark {
    struct Options {
        var seconds = 60
        var warmupSeconds = 30
        var clients = 256
        /// Seeded players the reads and posts are spread over.
        var players = 20_000
        /// The server's `--idempotency-lifetime`: shorter than the run, so records are evicted during it.
        var idempotencyLifetime = 20
        /// Sequential requests timed before and after the load.
        var sequential = 200
        /// The `signet-server` to run; by default the one beside `signet-bench`.
        var server: URL?
    }

    enum Kind: Int, CaseIterable, Sendable {
        case read, post, badSignature, staleDate, unknownKey

        var name: String {
            switch self {
            case .read: "read"
            case .post: "post"
            case .badSignature: "bad signature"
            case .staleDate: "stale Date"
            case .unknownKey: "unknown key"
            }
        }

        /// The 401 reason a bad request must get; nil for requests that must succeed.
        var refusal: String? {
            switch self {
            case .read, .post: nil
            case .badSignature: "bad-signature"
            case .staleDate: "date-outside-window"
            case .unknownKey: "unknown-key"
            }
        }

        /// The kind of the `number`-th request: of every 20, 10 reads, 8 posts, 2 bad (the three in turn).
        static func of(_ number: Int) -> Kind {
            let slot = number % 20
            if slot < 10 { return .read }
            if slot < 18 { return .post }
            let bad: [Kind] = [.badSignature, .staleDate, .unknownKey]
            return bad[(number / 20 * 2 + slot - 18) % 3]
        }
    }

    /// What one request ended in: the designed answer, or a failure with its label and a detail.
    enum Outcome: Sendable {
        case expected(String)
        case failure(String, detail: String)
    }

    /// Counts, latencies and failures of the load, by phase (warm-up, measured).
    final class Tally: Sendable {
        struct Phase {
            var outcomes: [String: Int] = [:]
            var failures: [String: Int] = [:]
            var latencies = Array(repeating: [Double](), count: Kind.allCases.count)
        }

        private struct State {
            var measuring = false
            var issued = 0
            var completed = 0
            var warmup = Phase()
            var measured = Phase()
            var samples: [String] = []
        }

        private let state = Mutex(State())

        /// A new request number.
        func next() -> Int { state.withLock { $0.issued += 1; return $0.issued } }
        var completed: Int { state.withLock { $0.completed } }
        func startMeasuring() { state.withLock { $0.measuring = true } }

        func record(_ kind: Kind, _ outcome: Outcome, latency: Double) {
            state.withLock { state in
                state.completed += 1
                switch outcome {
                case .expected(let label):
                    let key = "\(kind.name): \(label)"
                    if state.measuring {
                        state.measured.outcomes[key, default: 0] += 1
                        state.measured.latencies[kind.rawValue].append(latency)
                    } else {
                        state.warmup.outcomes[key, default: 0] += 1
                    }
                case .failure(let label, let detail):
                    if state.measuring {
                        state.measured.failures[label, default: 0] += 1
                    } else {
                        state.warmup.failures[label, default: 0] += 1
                    }
                    if state.samples.count < 5 { state.samples.append("\(label): \(detail)") }
                }
            }
        }

        var snapshot: (warmup: Phase, measured: Phase, samples: [String]) {
            state.withLock { ($0.warmup, $0.measured, $0.samples) }
        }
    }

    /// The server's memory at one moment of the load.
    struct MemorySample: Sendable {
        let seconds: Double
        let answered: Int
        let kib: Int?
        let warmupEnd: Bool
        /// CPU seconds used so far by the server and by this process (the clients).
        let serverCPU: Double?
        let clientCPU: Double
    }

    /// The clients: one signed client per role and one per kind of bad request, over one connection pool.
    struct Clients: Sendable {
        let reader: SignetClient
        let admin: SignetClient
        let wrongSecret: SignetClient
        let staleDate: SignetClient
        let unknownKey: SignetClient

        init(baseURL: URL, transport: SignetAsyncHTTPClientTransport) throws {
            reader = try LoadTraffic.signedClient(
                baseURL: baseURL, apiKey: DemoCredentials.clientKey, secret: DemoCredentials.clientSecret,
                transport: transport, timeout: .seconds(10))
            admin = try LoadTraffic.signedClient(
                baseURL: baseURL, apiKey: DemoCredentials.adminKey, secret: DemoCredentials.adminSecret,
                transport: transport, timeout: .seconds(10))
            // The bad ones sign and send, nothing more: no clock-skew correction (it would repair the stale
            // Date) and no retry.
            func bare(_ apiKey: String, _ secret: String, clock: @escaping @Sendable () -> Date = { Date() }) throws -> SignetClient {
                let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: apiKey, secret: secret))
                return SignetClient(baseURL: baseURL, transport: transport,
                              middleware: [SigningMiddleware(signer: signer), TimeoutMiddleware(defaultTimeout: .seconds(10))],
                              clock: clock)
            }
            wrongSecret = try bare(DemoCredentials.adminKey, "not-the-admin-secret")
            staleDate = try bare(DemoCredentials.clientKey, DemoCredentials.clientSecret, clock: { Date() - 3_600 })
            unknownKey = try bare("soak-unknown-key", "soak-unknown-secret")
        }
    }

    /// Runs the soak and prints its report; false when anything failed (an unexpected answer, the server
    /// gone, its memory growing, single requests slower afterwards).
    static func run(_ options: Options) async throws -> Bool {
        print("Soak: \(options.clients) concurrent signed clients against signet-server (a child process), "
              + "\(options.warmupSeconds) s warm-up + \(options.seconds) s measured")
        print("  mix of every 20 requests: 10 player GETs, 8 Magic posts (own Idempotency-Key, over "
              + "\(options.players) players), 2 bad (bad signature, stale Date, unknown key in turn)")
        let server = try await ServerProcess.start(
            executable: options.server ?? ServerProcess.siblingExecutable(),
            arguments: ["--players", "\(options.players)", "--idempotency-lifetime", "\(options.idempotencyLifetime)",
                        "--replay-capacity", "10000000", "--idempotency-capacity", "10000000",
                        "--replay-quota", "10000000", "--idempotency-quota", "10000000"])
        var passed = true
        do {
            passed = try await load(server, options)
        } catch {
            await server.stop()
            throw error
        }
        let status = await server.stop()
        if status != 0 {
            report("server exit status", "\(status)", "expected 0 after SIGTERM: FAILED")
            passed = false
        }
        return passed
    }

    /// Opens a connection pool sized for the clients, runs the soak on it, and closes it.
    private static func load(_ server: ServerProcess, _ options: Options) async throws -> Bool {
        guard let baseURL = server.baseURL else { throw BenchFailure("no URL for port \(server.port)") }
        report("server", "\(baseURL.absoluteString), pid \(server.pid)",
               "--idempotency-lifetime \(options.idempotencyLifetime), replay window 20 s, capacities 10M (never reached)")
        // One connection per client: AsyncHTTPClient's default of 8 per host would queue the rest.
        let httpClient = SignetAsyncHTTPClientTransport.makeHTTPClient {
            $0.connectionPool = .init(idleTimeout: .seconds(120), concurrentHTTP1ConnectionsPerHostSoftLimit: options.clients + 8)
        }
        do {
            let passed = try await soak(server, options, httpClient: httpClient)
            try await httpClient.shutdown()
            return passed
        } catch {
            try? await httpClient.shutdown()
            throw error
        }
    }

    private static func soak(_ server: ServerProcess, _ options: Options, httpClient: HTTPClient) async throws -> Bool {
        guard let baseURL = server.baseURL else { throw BenchFailure("no URL for port \(server.port)") }
        let clients = try Clients(baseURL: baseURL, transport: SignetAsyncHTTPClientTransport(client: httpClient))

        var rss: [(String, Int?)] = [("at start", server.residentKiB())]
        let before = try await sequentialLatencies(clients.reader, count: options.sequential)
        rss.append(("before the load", server.residentKiB()))

        let tally = Tally()
        let clock = ContinuousClock()
        let start = clock.now
        let measureFrom = start.advanced(by: .seconds(options.warmupSeconds))
        let end = measureFrom.advanced(by: .seconds(options.seconds))
        let pid = server.pid
        let samples = try await withThrowingTaskGroup(of: [MemorySample].self) { group in
            for _ in 0..<options.clients {
                group.addTask {
                    while clock.now < end {
                        let number = tally.next()
                        let kind = Kind.of(number)
                        let sent = clock.now
                        let outcome = await exchange(kind, number, clients: clients, players: options.players)
                        tally.record(kind, outcome, latency: LoadTraffic.seconds(from: sent, to: clock.now))
                    }
                    return []
                }
            }
            // Memory every 5 s, and at the switch from warm-up to measuring.
            group.addTask {
                var samples: [MemorySample] = []
                func sample(warmupEnd: Bool = false) {
                    samples.append(MemorySample(seconds: LoadTraffic.seconds(from: start, to: clock.now),
                                                answered: tally.completed, kib: ServerProcess.residentKiB(pid: pid), warmupEnd: warmupEnd,
                                                serverCPU: ServerProcess.cpuSeconds(pid: pid), clientCPU: Measure.processCPUSeconds()))
                }
                var next = start.advanced(by: .seconds(5))
                var measuring = false
                while next <= end {
                    if !measuring, next >= measureFrom {
                        try await clock.sleep(until: measureFrom)
                        tally.startMeasuring()
                        sample(warmupEnd: true)
                        measuring = true
                    }
                    try await clock.sleep(until: next)
                    if next != measureFrom { sample() }
                    next = next.advanced(by: .seconds(5))
                }
                return samples
            }
            var all: [MemorySample] = []
            for try await part in group { all += part }
            return all
        }
        let afterWarmup = samples.first(where: \.warmupEnd)?.kib
        let afterRun = server.residentKiB()
        rss.append(("after warm-up (\(options.warmupSeconds) s)", afterWarmup))
        rss.append(("after the run", afterRun))
        let serverAlive = server.isRunning
        // A moment for the last connections' work to settle, as before the load.
        try await Task.sleep(for: .seconds(2))
        let after = serverAlive ? try await sequentialLatencies(clients.reader, count: options.sequential) : []
        rss.append(("after the single requests that follow", server.residentKiB()))

        // The report.
        let (warmup, measured, failureSamples) = tally.snapshot
        var passed = serverAlive
        if !serverAlive {
            report("server", "EXITED during the run (status \(server.process.terminationStatus))", "FAILED")
            print(server.stderrTail())
        }
        let measuredCount = measured.outcomes.values.reduce(0, +) + measured.failures.values.reduce(0, +)
        let warmupCount = warmup.outcomes.values.reduce(0, +) + warmup.failures.values.reduce(0, +)
        report("requests, warm-up / measured", "\(warmupCount) / \(measuredCount)")
        report("requests/s (measured)", fixed(Double(measuredCount) / Double(options.seconds), 0))
        if let first = samples.first(where: \.warmupEnd), let last = samples.last, last.seconds > first.seconds,
           let serverFrom = first.serverCPU, let serverTo = last.serverCPU {
            let answered = Double(max(1, last.answered - first.answered))
            report("CPU per request, server / clients",
                   "\(fixed((serverTo - serverFrom) / answered * 1e6, 0)) µs / \(fixed((last.clientCPU - first.clientCPU) / answered * 1e6, 0)) µs",
                   "measured phase; the cores they share: \(ProcessInfo.processInfo.activeProcessorCount)")
        }
        print("  answers in the measured \(options.seconds) s (designed ones; 401s only for the bad requests):")
        for (label, count) in measured.outcomes.sorted(by: { $0.key < $1.key }) {
            report("    \(label)", "\(count)")
        }
        for (phase, name) in [(warmup, "warm-up"), (measured, "measured")] where !phase.failures.isEmpty {
            passed = false
            print("  FAILURES (\(name)): anything but 200 for good requests and the designed 401 for bad ones")
            for (label, count) in phase.failures.sorted(by: { $0.key < $1.key }) { report("    \(label)", "\(count)") }
        }
        if warmup.failures.isEmpty && measured.failures.isEmpty {
            report("failures (anything else)", "0", "warm-up and measured")
        } else {
            for sample in failureSamples { print("    e.g. \(sample.prefix(300))") }
        }
        let all = measured.latencies.flatMap { $0 }.sorted()
        report("latency p50 / p99, all requests",
               "\(fixed(LoadTraffic.percentileMilliseconds(all, 0.5), 2)) ms / \(fixed(LoadTraffic.percentileMilliseconds(all, 0.99), 2)) ms")
        for kind in Kind.allCases {
            let sorted = measured.latencies[kind.rawValue].sorted()
            report("    \(kind.name)",
                   "\(fixed(LoadTraffic.percentileMilliseconds(sorted, 0.5), 2)) ms / \(fixed(LoadTraffic.percentileMilliseconds(sorted, 0.99), 2)) ms")
        }

        func mebibytes(_ kib: Int?) -> String { kib.map { fixed(Double($0) / 1_024, 1) + " MiB" } ?? "?" }
        for (label, kib) in rss { report("server RSS \(label)", mebibytes(kib)) }
        print("  server RSS every 5 s (seconds since the load began: RSS, requests answered so far):")
        for row in stride(from: 0, to: samples.count, by: 4) {
            print("    " + samples[row..<min(samples.count, row + 4)]
                .map { "\(fixed($0.seconds, 0)) s: \(mebibytes($0.kib)), \($0.answered)" }.joined(separator: "; "))
        }
        if let warm = afterWarmup, let last = afterRun {
            let growth = Double(last) / Double(warm)
            // The stores reach their steady size once the oldest entries start leaving: after the 20 s
            // window and the idempotency lifetime, plus a little.
            let filled = options.warmupSeconds >= max(20, options.idempotencyLifetime) + 5
            let flat = growth <= 1.10
            report("RSS after the run / after warm-up", fixed(growth),
                   filled ? "target ≤ 1.10 (no growth with requests) \(flat ? "met" : "NOT met")"
                          : "not judged: a warm-up under \(max(20, options.idempotencyLifetime) + 5) s ends before the stores are full")
            if filled, !flat { passed = false }
        } else {
            report("RSS", "could not be read", "FAILED")
            passed = false
        }

        if !after.isEmpty {
            let p50Before = LoadTraffic.percentileMilliseconds(before, 0.5)
            let p50After = LoadTraffic.percentileMilliseconds(after, 0.5)
            report("single request before: p50 / p99",
                   "\(fixed(p50Before, 3)) ms / \(fixed(LoadTraffic.percentileMilliseconds(before, 0.99), 3)) ms",
                   "best of 3 rounds of \(options.sequential) sequential GETs")
            report("single request after: p50 / p99",
                   "\(fixed(p50After, 3)) ms / \(fixed(LoadTraffic.percentileMilliseconds(after, 0.99), 3)) ms")
            // A little absolute slack: on a busy two-core machine a tenth of a millisecond is noise.
            let asFast = p50After <= p50Before * 1.25 + 0.1
            report("after / before (p50)", fixed(p50After / p50Before),
                   "target ≤ 1.25 (+0.1 ms) \(asFast ? "met" : "NOT met")")
            if !asFast { passed = false }
        }
        report("soak", passed ? "passed" : "FAILED")
        return passed
    }

    /// Sends the `number`-th request, of `kind`, and says whether it got the designed answer.
    static func exchange(_ kind: Kind, _ number: Int, clients: Clients, players: Int) async -> Outcome {
        let client: SignetClient
        var request = HTTPRequest(method: .get, scheme: nil, authority: nil,
                                  path: "/\(DemoCredentials.tenant)/client/players/\(LoadTraffic.player(number, of: players))")
        var body = Body.empty
        switch kind {
        case .read: client = clients.reader
        case .post: client = clients.admin; (request, body) = LoadTraffic.magicPost(number, players: players, keyPrefix: "soak")
        case .badSignature: client = clients.wrongSecret; (request, body) = LoadTraffic.magicPost(number, players: players, keyPrefix: "soak")
        case .staleDate: client = clients.staleDate
        case .unknownKey: client = clients.unknownKey
        }
        do {
            let (response, responseBody) = try await client.send(request, body: body, operation: "soak")
            let bytes = try await responseBody.collect(upTo: 1 << 16)
            let code = response.status.code
            if let expected = kind.refusal {
                let reason = refusalReason(bytes)
                if code == 401, reason == expected { return .expected("401 \(expected) (designed)") }
                return .failure("\(kind.name): HTTP \(code) \(reason ?? "")", detail: String(decoding: bytes.prefix(300), as: UTF8.self))
            }
            guard code == 200 else {
                return .failure("\(kind.name): HTTP \(code) \(refusalReason(bytes) ?? "")",
                                detail: String(decoding: bytes.prefix(300), as: UTF8.self))
            }
            if kind == .post, let replayed = HTTPField.Name("Idempotent-Replayed"), response.headerFields[replayed] != nil {
                return .failure("post: answered as an idempotent replay", detail: "key soak-\(number)")
            }
            return .expected("200")
        } catch {
            let label = (error as? SignetError).map { String("\($0.kind)".prefix(while: { $0 != "(" })) } ?? "\(type(of: error))"
            return .failure("\(kind.name): \(label)", detail: "\(error)")
        }
    }

    /// The reason of an error answer: what precedes the first ": " in its `error_message`.
    static func refusalReason(_ bytes: [UInt8]) -> String? {
        struct ErrorBody: Decodable { let error_message: String }
        guard let message = try? JSONDecoder().decode(ErrorBody.self, from: Data(bytes)).error_message else { return nil }
        return message.components(separatedBy: ": ").first
    }

    /// Seconds per request of `count` sequential signed GETs, ascending: the round (of three, each after 20
    /// untimed requests) with the lowest median, so that a moment of other work on the machine is not
    /// taken for the server's state.
    static func sequentialLatencies(_ client: SignetClient, count: Int, rounds: Int = 3) async throws -> [Double] {
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil,
                                  path: "/\(DemoCredentials.tenant)/client/players/\(DemoCredentials.player)")
        let clock = ContinuousClock()
        var best: [Double] = []
        for _ in 0..<rounds {
            var latencies: [Double] = []
            for index in 0..<(count + 20) {
                let sent = clock.now
                let (response, body) = try await client.send(request, operation: "single")
                _ = try await body.collect(upTo: 1 << 16)
                guard response.status == .ok else { throw BenchFailure("single GET answered \(response.status)") }
                if index >= 20 { latencies.append(LoadTraffic.seconds(from: sent, to: clock.now)) }
            }
            latencies.sort()
            if best.isEmpty || LoadTraffic.percentileMilliseconds(latencies, 0.5) < LoadTraffic.percentileMilliseconds(best, 0.5) {
                best = latencies
            }
        }
        return best
    }
}
