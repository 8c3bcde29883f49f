import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetHummingbird

/// The server side's cost: the same handler behind `GameSystemVerificationMiddleware` and without it, on
/// one local Hummingbird server, sent the same pre-signed GET by the same bare AsyncHTTPClient (reads are
/// not replay-checked, so one signature serves a whole round). Target: throughput ratio ≥ 0.9.
/// Then the same verified route with explanations on: diagnosis runs only for refused requests, so
/// accepted ones cost the same.
enum VerificationBenchmark {
    static func run(requests: Int, concurrency: Int, rounds: Int) async throws {
        print("Signed GET through GameSystemVerificationMiddleware against the same handler without it, same local server")
        print("  (\(rounds) interleaved rounds × \(requests) requests, \(concurrency) concurrent, best round)")
        let quiet = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
        let verifier = GameSystemVerifier(keys: try GameSystemKeyring(secrets: ["bench-key": "bench-secret"]))
        let router = Router(context: BasicRequestContext.self)
        let body = ByteBuffer(string: #"{"id":1,"nickname":"Ann","ext_id":"ann","point_types":[{"name":"points","amount":10}]}"#)
        let handler: @Sendable (Request, BasicRequestContext) async throws -> Response = { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: body))
        }
        router.get("plain/player", use: handler)
        router.group("verified").add(middleware: GameSystemVerificationMiddleware(verifier: verifier)).get("player", use: handler)
        router.group("explained").add(middleware: GameSystemVerificationMiddleware(
            verifier: verifier, options: .init(explainsFailures: true))).get("player", use: handler)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { continuation.yield($0.localAddress?.port ?? 0); continuation.finish() },
                              logger: quiet)
        let group = ServiceGroup(configuration: .init(services: [app], logger: quiet))
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: "bench-key", secret: "bench-secret"))

        /// A GET of `path` carrying a signature made now.
        func signedRequest(_ path: String) throws -> HTTPClientRequest {
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
            for header in try signer.sign(method: .get, target: path, body: [], date: Date()).headerFields {
                request.headers.add(name: header.name.rawName, value: header.value)
            }
            return request
        }
        let paths = ["/plain/player", "/verified/player", "/explained/player"]
        var runs = Array(repeating: [Double](), count: paths.count)
        for round in 0..<rounds {
            // A different side goes first each round, so that none always meets the warmest machine.
            for index in paths.indices.map({ ($0 + round) % paths.count }) {
                let path = paths[index]
                let request = try signedRequest(path)
                runs[index].append(try await Measure.concurrentRate(requests, concurrency) {
                    let response = try await AsyncHTTPClientTransport.defaultClient.execute(request, timeout: .seconds(10))
                    guard response.status == .ok else { throw BenchFailure("\(path) answered \(response.status)") }
                    _ = try await response.body.collect(upTo: 1 << 16)
                }.rate)
            }
        }
        await group.triggerGracefulShutdown()
        _ = await running.result
        let best = runs.map { $0.max() ?? .nan }
        report("same handler, no verification", "\(fixed(best[0], 0)) requests/s")
        report("behind GameSystemVerificationMiddleware", "\(fixed(best[1], 0)) requests/s")
        let ratio = best[1] / best[0]
        report("throughput ratio verified/plain", fixed(ratio), "target ≥ 0.90 \(ratio >= 0.9 ? "met" : "NOT met")")
        report("verified, explanations on", "\(fixed(best[2], 0)) requests/s",
               "ratio to explanations off \(fixed(best[2] / best[1])) (diagnosis runs only on refusals)")
    }
}
