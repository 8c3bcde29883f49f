import Foundation
import HTTPTypes
import Signet
import SignetGameSystem
import SignetServer

/// `--chain-pieces`: the default chain's CPU cost per request, in process (no network), one middleware
/// added at a time, so a regression in one piece shows up by name.
enum ChainBreakdown {
    static func run(batches: Int, batchSize: Int) async throws {
        print("Default chain pieces, in process (\(batches) interleaved batches × \(batchSize) requests, best batch)")
        guard let url = URL(string: "http://127.0.0.1:1") else { return }
        let credentials = try GameSystemCredentials(apiKey: DemoCredentials.clientKey, secret: DemoCredentials.clientSecret)
        let signer = GameSystemSigner(credentials: credentials)
        let pieces: [(String, [any SignetMiddleware])] = [
            ("none", []),
            ("+ default headers", [DefaultHeadersMiddleware()]),
            ("+ retry", [DefaultHeadersMiddleware(), RetryMiddleware()]),
            ("+ clock skew", [DefaultHeadersMiddleware(), RetryMiddleware(), ClockSkewMiddleware(store: ClockOffsetStore())]),
            ("+ signing", [DefaultHeadersMiddleware(), RetryMiddleware(), ClockSkewMiddleware(store: ClockOffsetStore()),
                           SigningMiddleware(signer: signer)]),
            ("+ logging", [DefaultHeadersMiddleware(), RetryMiddleware(), ClockSkewMiddleware(store: ClockOffsetStore()),
                           SigningMiddleware(signer: signer), LoggingMiddleware()]),
            ("+ timeout (the default chain)", SignetClient.defaultMiddleware(signer: signer, clockOffsets: ClockOffsetStore())),
            ("timeout alone", [TimeoutMiddleware()]),
        ]
        let clients = pieces.map { SignetClient(baseURL: url, transport: ChainBenchmark.InProcessTransport(), middleware: $1) }
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/acme/client/players/ann")
        var best = Array(repeating: Double.infinity, count: clients.count)
        for _ in 0..<batches {
            for (index, client) in clients.enumerated() {
                let clock = ContinuousClock()
                let start = clock.now
                for _ in 0..<batchSize { _ = try await client.send(request, operation: "bench") }
                let (seconds, attoseconds) = (clock.now - start).components
                best[index] = min(best[index], (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(batchSize))
            }
        }
        for (index, piece) in pieces.enumerated() {
            report(piece.0, "\(fixed(best[index], 0)) ns/request")
        }
    }
}
