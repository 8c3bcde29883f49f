import Foundation
import HTTPTypes
import Signet
import SignetGameSystem
import SignetServer

/// The GameSystem traffic the load modes send (`--server-load`, `--soak`): signed clients with the demo
/// keys, Magic posts with an `Idempotency-Key` each, spread over the seeded players `player-1` … `player-N`
/// so that no two legitimate posts in a second are byte-identical (none is refused as a replay, none is
/// paced by the client), and the latency arithmetic.
enum LoadTraffic {
    /// `POST` here records an external event.
    static let eventPath = "/\(DemoCredentials.tenant)/admin/player_external_events"
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")

    /// A client with the default signed chain, no retry (a failure must show, not be retried away) and a
    /// per-attempt timeout, so no request outlives `timeout`.
    static func signedClient(
        baseURL: URL, apiKey: String, secret: String, transport: some Transport, timeout: Duration = .seconds(30)
    ) throws -> SignetClient {
        let credentials = try GameSystemCredentials(apiKey: apiKey, secret: secret)
        return SignetClient(
            baseURL: baseURL, transport: transport,
            middleware: SignetClient.defaultMiddleware(
                signer: GameSystemSigner(credentials: credentials), clockOffsets: ClockOffsetStore(),
                retry: RetryMiddleware(maxAttempts: 1), timeout: timeout))
    }

    /// The seeded player the `number`-th request is about: `player-1` … `player-<players>`, in turn.
    static func player(_ number: Int, of players: Int) -> String {
        "player-\(number % max(1, players) + 1)"
    }

    /// The `number`-th Magic post: its own `Idempotency-Key` (`<prefix>-<number>`) and its own player.
    static func magicPost(_ number: Int, players: Int, keyPrefix: String = "load") -> (HTTPRequest, Body) {
        var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: eventPath)
        if let idempotencyKey { request.headerFields[idempotencyKey] = "\(keyPrefix)-\(number)" }
        let body = #"{"external_event_id": "Magic", "player": "\#(player(number, of: players))"}"#
        return (request, Body(body))
    }

    /// The `number`-th player GET (`/acme/client/players/player-N`), signed with the client key.
    static func playerGet(_ number: Int, players: Int) -> (HTTPRequest, Body) {
        let path = "/\(DemoCredentials.tenant)/client/players/\(player(number, of: players))"
        return (HTTPRequest(method: .get, scheme: nil, authority: nil, path: path), .empty)
    }

    /// Seconds from `start` to `instant`.
    static func seconds(from start: ContinuousClock.Instant, to instant: ContinuousClock.Instant) -> Double {
        let (whole, fraction) = (instant - start).components
        return Double(whole) + Double(fraction) / 1e18
    }

    /// The `p` quantile (0…1) of ascending `sorted`, in milliseconds when the values are seconds.
    static func percentileMilliseconds(_ sorted: [Double], _ p: Double) -> Double {
        sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1_000
    }
}
