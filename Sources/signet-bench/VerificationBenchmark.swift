import AsyncHTTPClient
import Foundation
import HTTPTypes
import InMemoryTracing
import Logging
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetVerification
import Synchronization

/// The server side's cost, for each adapter on its own framework: the same handler behind the adapter and
/// without it, sent the same pre-signed GET by the same bare AsyncHTTPClient (reads are not replay-checked,
/// so one signature serves a whole round). Goal: verified/plain throughput ≥ 0.95 for Hummingbird, Vapor and
/// OpenAPI-on-Hummingbird. Then the cost of metrics and tracing (swift-prometheus and a ``BatchingTracer``
/// against none, goal ≤ 3 %; the in-memory test tracer too, for reference) in throughput, in CPU per request
/// (the process's CPU time over a round, which other processes do not move as they move throughput) and in
/// the pipeline alone; the cost of explanations (diagnosis runs only for refused requests, so accepted ones
/// cost the same); and the CPU time of one verification alone.
/// Every route is measured in every round, the order rotating; each route's best round is its rate, and each
/// ratio the median of the two routes' ratios round by round. A middleware that does nothing, on Hummingbird
/// and on Vapor, is the control: what being a middleware costs there. With `--wrk PATH` each round's load comes
/// from wrk in its own process, and the CPU per request is then the server's alone.
enum VerificationBenchmark {
    /// A measured route: which server, which path.
    private struct Route {
        let name: String
        let port: Int
        let path: String
    }

    static func run(requests: Int, concurrency: Int, rounds: Int, wrk: WrkLoad? = nil) async throws {
        print("Signed GET through each adapter against the same handler without it, on the same local server")
        if let wrk {
            print("  (\(rounds) interleaved rounds × \(wrk.seconds) s of wrk in its own process, \(concurrency) connections)")
        } else {
            print("  (\(rounds) interleaved rounds × \(requests) requests, \(concurrency) concurrent, best round)")
        }
        let (verifier, hummingbird, vapor) = try await startServers()
        let routes = [
            Route(name: "Hummingbird, plain", port: hummingbird.port, path: "/unverified/player"),
            Route(name: "Hummingbird, GameSystemVerificationMiddleware", port: hummingbird.port, path: "/verified/player"),
            Route(name: "Vapor, plain", port: vapor.port, path: "/unverified/player"),
            Route(name: "Vapor, GameSystemVaporMiddleware", port: vapor.port, path: "/verified/player"),
            Route(name: "OpenAPI on Hummingbird, plain", port: hummingbird.port, path: "/openapi/unverified/player"),
            Route(name: "OpenAPI on Hummingbird, GameSystemOpenAPIServerMiddleware", port: hummingbird.port,
                  path: "/openapi/verified/player"),
            Route(name: "Hummingbird, verified with metrics and tracing", port: hummingbird.port, path: "/observed/player"),
            Route(name: "Hummingbird, verified with explanations on", port: hummingbird.port, path: "/explained/player"),
            Route(name: "Hummingbird, verified with metrics alone", port: hummingbird.port, path: "/metricsonly/player"),
            Route(name: "Hummingbird, verified with tracing alone", port: hummingbird.port, path: "/tracingonly/player"),
            Route(name: "Hummingbird, a middleware that does nothing", port: hummingbird.port, path: "/passthrough/player"),
            Route(name: "Vapor, a middleware that does nothing", port: vapor.port, path: "/passthrough/player"),
            Route(name: "Hummingbird, verified with metrics and the in-memory test tracer", port: hummingbird.port,
                  path: "/observedinmemory/player"),
        ]
        let runs: [[Double]], cpu: [[Double]]
        do {
            (runs, cpu) = try await measure(routes, requests: requests, concurrency: concurrency, rounds: rounds, wrk: wrk) {
                hummingbird.spans.clearAll()
            }
        } catch {
            await vapor.stop()
            await hummingbird.stop()
            throw error
        }
        await vapor.stop()
        await hummingbird.stop()
        for (route, rates) in zip(routes, runs) {
            report(route.name, "\(fixed(rates.max() ?? .nan, 0)) requests/s")
        }
        // Each ratio is the median over rounds of the two routes' rates in the same round: a round's neighbours
        // (a busy moment, a warm cache) then weigh on both sides alike, which best-against-best rounds did not.
        func pairedRatio(_ over: Int, _ base: Int) -> Double {
            Measure.median(zip(runs[over], runs[base]).map { $0 / $1 })
        }
        for (framework, plain, verified) in [("Hummingbird", 0, 1), ("Vapor", 2, 3), ("OpenAPI on Hummingbird", 4, 5)] {
            let ratio = pairedRatio(verified, plain)
            report("\(framework): verified/plain", fixed(ratio), "goal ≥ 0.95 \(ratio >= 0.95 ? "met" : "NOT met")")
            let added = Measure.median(zip(cpu[verified], cpu[plain]).map { $0 - $1 })
            report("  CPU per GET, verified − plain", "\(added < 0 ? "" : "+")\(fixed(added, 1)) µs",
                   "median of the rounds' differences; plain: \(fixed(Measure.median(cpu[plain]), 1)) µs")
        }
        for (framework, plain, noop) in [("Hummingbird", 0, 10), ("Vapor", 2, 11)] {
            report("\(framework): a no-op middleware/plain", fixed(pairedRatio(noop, plain)), "the cost of any middleware there")
        }
        let observedCost = 1 - pairedRatio(6, 1)
        report("metrics and tracing on: throughput cost", "\(fixed(observedCost * 100, 1)) %",
               "goal ≤ 3 % \(observedCost <= 0.03 ? "met" : "NOT met") (Prometheus metrics and a batching tracer against none)")
        report("explanations on / off", fixed(pairedRatio(7, 1)), "diagnosis runs only on refusals")
        report("of which metrics alone (swift-prometheus)", "\(fixed((1 - pairedRatio(8, 1)) * 100, 1)) %")
        report("of which tracing alone (batching tracer)", "\(fixed((1 - pairedRatio(9, 1)) * 100, 1)) %")
        report("with the in-memory test tracer instead", "\(fixed((1 - pairedRatio(12, 1)) * 100, 1)) %",
               "it keeps every span of the round behind one lock")
        // Throughput moves by a few per cent from round to round, as much as the cost it should show. CPU time is
        // not moved by other processes (how many requests share a wake-up still moves it): the same cost in CPU
        // per request, the round-by-round median of observed/verified, and in the pipeline alone, which scatters
        // least, against a verified GET's CPU in this process (the client's included).
        let verifiedCPU = Measure.median(cpu[1])
        report("CPU per verified GET (Hummingbird, \(wrk == nil ? "client and server in this process" : "the server alone"))",
               "\(fixed(verifiedCPU, 1)) µs",
               "median of \(rounds) rounds; plain: \(fixed(Measure.median(cpu[0]), 1)) µs")
        let observedCPU = Measure.median(zip(cpu[6], cpu[1]).map { $0 / $1 }) - 1
        report("metrics and tracing on: CPU per request", "\(observedCPU < 0 ? "" : "+")\(fixed(observedCPU * 100, 1)) %",
               "goal ≤ 3 % \(observedCPU <= 0.03 ? "met" : "NOT met") (paired rounds)")
        let alone = try verificationAlone(GameSystemVerification(verifier: verifier))
        report("one verification alone (a signed GET, keys in memory)", "\(fixed(alone, 2)) µs", "best of 3 × 100,000, one thread, no I/O")
        let observed = HummingbirdBenchServer.observedOptions(tracer: BatchingTracer())
        let aloneObserved = try verificationAlone(GameSystemVerification(verifier: verifier, options: observed))
        let added = aloneObserved - alone
        report("one verification alone, metrics and tracing on", "\(fixed(aloneObserved, 2)) µs",
               "+\(fixed(added, 2)) µs = \(fixed(added / verifiedCPU * 100, 1)) % of a verified GET's CPU above\(wrk == nil ? ", client included" : "")")
        let spans = InMemoryTracer()
        let inMemory = HummingbirdBenchServer.observedOptions(tracer: spans)
        let aloneInMemory = try verificationAlone(GameSystemVerification(verifier: verifier, options: inMemory)) {
            spans.clearAll()
        }
        report("the same with the in-memory test tracer", "\(fixed(aloneInMemory, 2)) µs",
               "+\(fixed(aloneInMemory - alone, 2)) µs")
    }

    /// The benchmark's verifier and its two servers, every route registered (``SideBySideBenchmark`` runs them
    /// in child processes too). One signature serves a whole round: a window of an hour keeps a slow round (a
    /// loaded machine, a debug build) from ending in date-outside-window; the window's size costs nothing.
    static func startServers() async throws -> (GameSystemVerifier, HummingbirdBenchServer, VaporBenchServer) {
        let quiet = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
        let verifier = GameSystemVerifier(keys: try GameSystemKeyring(secrets: ["bench-key": "bench-secret"]), window: 3_600)
        let hummingbird = try await HummingbirdBenchServer.start(verifier: verifier, logger: quiet)
        do {
            return (verifier, hummingbird, try await VaporBenchServer.start(verifier: verifier, logger: quiet))
        } catch {
            await hummingbird.stop()
            throw error
        }
    }

    /// ``verificationAlone(_:rounds:iterations:betweenRuns:)`` in longer rounds, to run under `perf record`
    /// (`--profile-verify`; valgrind cannot read these binaries): what the adapters' own cost is made of.
    /// `observed`: with metrics and tracing on (swift-prometheus and a ``BatchingTracer``).
    static func profile(observed: Bool, threads: Int = 1, cold: Bool = false) throws {
        let verifier = GameSystemVerifier(keys: try GameSystemKeyring(secrets: ["bench-key": "bench-secret"]), window: 3_600)
        let options = observed ? HummingbirdBenchServer.observedOptions(tracer: BatchingTracer()) : GameSystemVerificationOptions()
        let (rounds, iterations) = (8, 50_000)
        let verification = GameSystemVerification(verifier: verifier, options: options)
        if cold {
            let calls = 20_000   // half verifications, half clock reads alone
            let (median, floor) = try coldVerification(verification, calls: calls)
            print("one verification, caches evicted before each: \(fixed(median, 2)) µs (median of \(calls / 2) calls, "
                  + "less \(fixed(floor, 2)) µs of the clock's own reads)")
            return
        }
        if threads > 1 {
            // Each thread its own loop over the one verification, as a server's threads share it: what sharing
            // its objects (reference counts, locks) costs when the cores run verifications at once.
            let results = Mutex([Result<Double, any Error>]())
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                let best = Result { try verificationAlone(verification, rounds: rounds, iterations: iterations) }
                results.withLock { $0.append(best) }
            }
            let each = try results.withLock { $0 }.map { fixed(try $0.get(), 2) }.joined(separator: ", ")
            print("one verification, \(threads) threads at once: \(each) µs (each thread's best of \(rounds) rounds × \(iterations))")
            return
        }
        let best = try verificationAlone(verification, rounds: rounds, iterations: iterations)
        print("one verification: \(fixed(best, 2)) µs (best of \(rounds) rounds × \(iterations))")
    }

    /// Each verification timed alone after work that evicts what it keeps warm in a loop: 2 MiB written (the
    /// data caches) and a JSON round trip (other code through the instruction cache), as a server's other work
    /// on a request leaves them. The median time of one call, less the median of two clock reads alone.
    private static func coldVerification(_ verification: GameSystemVerification, calls: Int) throws -> (Double, Double) {
        let request = try signedGet(path: "/verified/player")
        var scratch = [UInt8](repeating: 0, count: 2 << 20)
        struct Payload: Codable { var id: Int; var nickname: String; var points: [Int] }
        let payload = Payload(id: 1, nickname: "Ann", points: Array(0..<32))
        var times = [Double](), floors = [Double]()
        times.reserveCapacity(calls)
        floors.reserveCapacity(calls)
        func microseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
        }
        for call in 0..<calls {
            scratch.withUnsafeMutableBytes { bytes in
                for offset in stride(from: call & 63, to: bytes.count, by: 64) { bytes[offset] &+= 1 }
            }
            let json = try JSONEncoder().encode(payload)
            _ = try JSONDecoder().decode(Payload.self, from: json)
            let start = ContinuousClock.now
            if call & 1 == 0 {
                guard case .accepted = verification.verifyAtOnce(bodiless: request) else { throw BenchFailure("the GET was refused") }
                times.append(microseconds(ContinuousClock.now - start))
            } else {
                floors.append(microseconds(ContinuousClock.now - start))
            }
        }
        let floor = Measure.median(floors)
        return (Measure.median(times) - floor, floor)
    }

    /// A GET of `path` signed now with the benchmark's key, as the load sends it.
    private static func signedGet(path: String) throws -> HTTPRequest {
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: "bench-key", secret: "bench-secret"))
        var request = HTTPRequest(method: .get, scheme: nil, authority: "127.0.0.1", path: path)
        try signer.sign(method: .get, target: path, body: [], date: Date()).apply(to: &request.headerFields)
        request.headerFields[.userAgent] = "signet-bench"
        return request
    }

    /// The CPU time of the pipeline itself for one accepted bodiless GET, without any framework or socket:
    /// what every adapter adds to a request before its framework's own costs.
    /// The best of `rounds` rounds of `iterations`, in µs per verification. `betweenRuns` runs before each round
    /// (the in-memory tracer drops its spans there).
    private static func verificationAlone(
        _ verification: GameSystemVerification, rounds: Int = 3, iterations: Int = 100_000, betweenRuns: () -> Void = {}
    ) throws -> Double {
        let request = try signedGet(path: "/verified/player")
        var best = Double.infinity
        for _ in 0..<rounds {
            betweenRuns()
            let start = ContinuousClock.now
            for _ in 0..<iterations {
                guard case .accepted = verification.verifyAtOnce(bodiless: request) else { throw BenchFailure("the GET was refused") }
            }
            let elapsed = (ContinuousClock.now - start).components
            best = min(best, (Double(elapsed.seconds) * 1e6 + Double(elapsed.attoseconds) / 1e12) / Double(iterations))
        }
        return best
    }

    /// The rate of each route in each of `rounds` rounds, each round every route with a fresh signature, a
    /// different route first each round so that none always meets the warmest machine.
    private static func measure(
        _ routes: [Route], requests: Int, concurrency: Int, rounds: Int, wrk: WrkLoad?, betweenRounds: () -> Void
    ) async throws -> (rates: [[Double]], cpu: [[Double]]) {
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: "bench-key", secret: "bench-secret"))
        var runs = Array(repeating: [Double](), count: routes.count)
        var cpu = runs
        for round in 0..<rounds {
            betweenRounds()
            for index in routes.indices.map({ ($0 + round) % routes.count }) {
                let route = routes[index]
                let url = "http://127.0.0.1:\(route.port)\(route.path)"
                let headers = try signer.sign(method: .get, target: route.path, body: [], date: Date()).headerFields
                    .map { ($0.name.rawName, $0.value) }
                if let wrk {
                    let measured = try wrk.round(url: url, headers: headers, connections: concurrency)
                    runs[index].append(measured.rate)
                    cpu[index].append(measured.cpu)
                    continue
                }
                var signed = HTTPClientRequest(url: url)
                signed.headers.add(contentsOf: headers)
                let request = signed
                let measured = try await Measure.concurrentRate(requests, concurrency) {
                    let response = try await SignetAsyncHTTPClientTransport.defaultClient.execute(request, timeout: .seconds(10))
                    guard response.status == .ok else { throw BenchFailure("\(route.name) answered \(response.status)") }
                    _ = try await response.body.collect(upTo: 1 << 16)
                }
                runs[index].append(measured.rate)
                cpu[index].append(measured.cpu)
            }
        }
        return (runs, cpu)
    }
}
