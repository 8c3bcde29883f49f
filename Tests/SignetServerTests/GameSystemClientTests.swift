import Foundation
import HTTPTypes
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetServer
import SignetTestSupport
import Synchronization
import Testing

/// `GameSystemClient` as an app uses it: one client for many players, credentials asked on every attempt,
/// clock offsets shared per origin by default.
@Suite("GameSystemClient")
struct GameSystemClientTests {
    static func clientCredentials() throws -> GameSystemCredentials {
        try GameSystemCredentials(apiKey: DemoCredentials.clientKey, secret: DemoCredentials.clientSecret)
    }

    @Test("one client, two players: each call names its player, and a view bound to a player is the same client")
    func manyPlayers() async throws {
        var configuration = ReferenceServerConfiguration(logger: .quiet)
        configuration.extraPlayers = 1
        let server = try await ReferenceServer.start(configuration)
        let gamesystem = GameSystemClient(baseURL: server.baseURL.appendingPathComponent("acme"), credentials: try Self.clientCredentials(),
                                          transport: SignetAsyncHTTPClientTransport())
        #expect(try await gamesystem.player("ann").extID == "ann")
        let other = gamesystem.forPlayer("player-1")
        let updated = try await other.updateAvatar(top: 102)
        #expect(updated.extID == "player-1")
        #expect(updated.avatar["Top"] == 102)
        #expect(try await gamesystem.player("ann").avatar["Top"] != 102, "the other player is untouched")
        await #expect(throws: GameSystemClientError.adminCredentialsMissing) {
            _ = try await gamesystem.postExternalEvent("Magic", for: "ann")
        }
        await server.stop()
    }

    /// Credentials that change between attempts: the first is a stale secret, the next the right one.
    final class RotatingCredentials: GameSystemCredentialsProvider {
        let asked = Atomic(0)
        func credentials() throws -> GameSystemCredentials {
            let call = asked.add(1, ordering: .relaxed).newValue
            return try GameSystemCredentials(apiKey: DemoCredentials.clientKey, secret: call == 1 ? "stale-secret" : DemoCredentials.clientSecret)
        }
    }

    @Test("credentials are asked on every attempt: after a 503 the retry is signed with the rotated secret")
    func credentialsPerAttempt() async throws {
        let server = try await ReferenceServer.start(ReferenceServerConfiguration(logger: .quiet))
        server.faults.inject(.status(503), count: 1)
        let credentials = RotatingCredentials()
        let gamesystem = GameSystemClient(baseURL: server.baseURL, tenant: "acme", credentials: credentials,
                                          transport: SignetAsyncHTTPClientTransport(),
                                          options: .init(clockOffsets: ClockOffsetStore(), retry: .fast, logger: .quiet))
        #expect(try await gamesystem.player("ann").extID == "ann")
        #expect(credentials.asked.load(ordering: .relaxed) == 2)
        await server.stop()
    }

    @Test("clock offsets are shared per origin by default: a second client's first request is already corrected")
    func sharedClockOffsets() async throws {
        var configuration = ReferenceServerConfiguration(logger: .quiet)
        let serverClock = ManualClock(Date().addingTimeInterval(300))
        configuration.clock = serverClock.reading()
        configuration.exportsMetrics = true
        let server = try await ReferenceServer.start(configuration)
        for _ in 0..<2 {
            let fresh = GameSystemClient(baseURL: server.baseURL, tenant: "acme", credentials: try Self.clientCredentials(),
                                         transport: SignetAsyncHTTPClientTransport())
            #expect(try await fresh.player("ann").extID == "ann")
        }
        let (status, text) = try await MetricsRouteTests.metrics(server)
        #expect(status == 200)
        #expect(text.contains(#"signet_verifications_total{outcome="refused",cause="date-outside-window"} 1"#), "\(text)")
        #expect(text.contains(#"signet_verifications_total{outcome="accepted",cause="none"} 2"#), "\(text)")
        ClockOffsetStore.shared.removeOffset(forHost: server.baseURL.host.map { "\($0):\(server.port)" } ?? "")
        await server.stop()
    }
}
