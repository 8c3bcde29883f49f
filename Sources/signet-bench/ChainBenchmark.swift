import AsyncHTTPClient
import Foundation
import HTTPTypes
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetServer

/// The client chain's own cost: five no-op middleware against none (in process, no network), and a signed
/// GameSystem GET through the whole default chain against a bare AsyncHTTPClient GET of the same route on
/// the same local reference server. Targets: < 1 µs added per request; throughput ratio ≥ 0.9.
enum ChainBenchmark {
    /// Passes every request through untouched.
    struct NoOpMiddleware: Middleware {
        func intercept(
            _ request: HTTPRequest, body: Body, context: RequestContext,
            next: (HTTPRequest, Body, RequestContext) async throws -> (HTTPResponse, Body)
        ) async throws -> (HTTPResponse, Body) {
            try await next(request, body, context)
        }
    }

    /// Answers 200 with no body, in process.
    struct InProcessTransport: Transport {
        func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body) {
            (HTTPResponse(status: .ok), .empty)
        }
    }

    static func middlewareOverhead(batches: Int, batchSize: Int) async throws {
        print("Five no-op middleware against none, in process (\(batches) interleaved batches × \(batchSize) requests)")
        guard let url = URL(string: "http://127.0.0.1:1") else { return }
        let bare = Client(baseURL: url, transport: InProcessTransport(), middleware: [])
        let five = Client(baseURL: url, transport: InProcessTransport(), middleware: Array(repeating: NoOpMiddleware(), count: 5))
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/acme/client/players/ann")
        var bareSamples: [Double] = [], fiveSamples: [Double] = []
        for _ in 0..<batches {
            bareSamples.append(try await timePerRequest(batchSize) { _ = try await bare.send(request, operation: "bench") })
            fiveSamples.append(try await timePerRequest(batchSize) { _ = try await five.send(request, operation: "bench") })
        }
        let bareNs = bareSamples.min() ?? .nan, fiveNs = fiveSamples.min() ?? .nan
        report("Client.send, no middleware", "\(fixed(bareNs, 0)) ns/request")
        report("Client.send, five no-op middleware", "\(fixed(fiveNs, 0)) ns/request")
        let added = fiveNs - bareNs
        report("added by five middleware", "\(fixed(added, 0)) ns/request", "target < 1000 ns \(added < 1000 ? "met" : "NOT met")")
    }

    static func signedGetThroughput(requests: Int, concurrency: Int, rounds: Int) async throws {
        print("Signed GameSystem GET through the full chain against a bare AsyncHTTPClient GET, same local server")
        print("  (\(rounds) interleaved rounds × \(requests) requests, \(concurrency) concurrent, best round)")
        var configuration = ReferenceServerConfiguration()
        configuration.logger.logLevel = .warning
        let server = try await ReferenceServer.start(configuration)
        defer { Task { await server.stop() } }
        let path = "/\(DemoCredentials.tenant)/client/players/\(DemoCredentials.player)"
        let credentials = try GameSystemCredentials(apiKey: DemoCredentials.clientKey, secret: DemoCredentials.clientSecret)
        let client = Client(
            baseURL: server.baseURL, transport: AsyncHTTPClientTransport(),
            middleware: Client.defaultMiddleware(signer: GameSystemSigner(credentials: credentials), clockOffsets: ClockOffsetStore()))
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: path)

        // The bare GET carries a signature made once, so the server does the same verification work for
        // both; reads are not refused as replays. It is re-made per round to stay inside the 20 s window.
        func bareRequest() throws -> HTTPClientRequest {
            var bare = HTTPClientRequest(url: server.baseURL.absoluteString + path)
            for header in try GameSystemSigner(credentials: credentials).sign(method: "GET", target: path, body: [], date: Date()).headers {
                bare.headers.add(name: header.name, value: header.value)
            }
            return bare
        }
        if ProcessInfo.processInfo.environment["SIGNET_BENCH_VARIANTS"] != nil {
            let variants: [(String, [any Middleware])] = [
                ("transport only", []),
                ("signing only", [SigningMiddleware(signer: GameSystemSigner(credentials: credentials))]),
                ("default chain, no timeout", Client.defaultMiddleware(signer: GameSystemSigner(credentials: credentials), clockOffsets: ClockOffsetStore(), timeout: nil)),
                ("default chain", Client.defaultMiddleware(signer: GameSystemSigner(credentials: credentials), clockOffsets: ClockOffsetStore())),
            ]
            for (name, middleware) in variants {
                let variant = Client(baseURL: server.baseURL, transport: AsyncHTTPClientTransport(), middleware: middleware)
                let rate = try await requestsPerSecond(requests, concurrency) {
                    let (response, body) = try await variant.send(request, operation: "bench")
                    _ = response
                    _ = try await body.collect(upTo: 1 << 20)
                }
                report("variant: \(name)", "\(fixed(rate, 0)) requests/s")
            }
        }
        var bareRates: [Double] = [], chainRates: [Double] = []
        for _ in 0..<rounds {
            let bare = try bareRequest()
            bareRates.append(try await requestsPerSecond(requests, concurrency) {
                let response = try await HTTPClient.shared.execute(bare, timeout: .seconds(10))
                guard response.status == .ok else { throw BenchFailure("bare GET answered \(response.status)") }
                _ = try await response.body.collect(upTo: 1 << 20)
            })
            chainRates.append(try await requestsPerSecond(requests, concurrency) {
                let (response, body) = try await client.send(request, operation: "bench")
                guard response.status == .ok else { throw BenchFailure("signed GET answered \(response.status.code)") }
                _ = try await body.collect(upTo: 1 << 20)
            })
        }
        let bareRate = bareRates.max() ?? .nan, chainRate = chainRates.max() ?? .nan
        report("bare AsyncHTTPClient GET (pre-signed)", "\(fixed(bareRate, 0)) requests/s")
        report("signed GET through the default chain", "\(fixed(chainRate, 0)) requests/s")
        let ratio = chainRate / bareRate
        report("throughput ratio chain/bare", fixed(ratio), "target ≥ 0.90 \(ratio >= 0.9 ? "met" : "NOT met")")
        await server.stop()
    }

    private static func timePerRequest(_ count: Int, _ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count { try await body() }
        let (seconds, attoseconds) = (clock.now - start).components
        return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(count)
    }

    private static func requestsPerSecond(
        _ count: Int, _ concurrency: Int, _ body: @escaping @Sendable () async throws -> Void
    ) async throws -> Double {
        let seconds = try await Measure.asyncSeconds {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<concurrency {
                    let share = count / concurrency + (worker < count % concurrency ? 1 : 0)
                    group.addTask { for _ in 0..<share { try await body() } }
                }
                try await group.waitForAll()
            }
        }
        return Double(count) / seconds
    }
}
