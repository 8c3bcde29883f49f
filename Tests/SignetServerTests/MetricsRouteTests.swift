import Foundation
import HTTPTypes
import Signet
import SignetAsyncHTTPClient
import SignetServer
import SignetTestSupport
import Testing

/// `signet-server --metrics`: `GET /metrics` answers the verification counters in Prometheus's text format,
/// and is absent by default.
@Suite("The reference server's /metrics")
struct MetricsRouteTests {
    static func metrics(_ server: ReferenceServer) async throws -> (Int, String) {
        let (response, body) = try await SignetAsyncHTTPClientTransport().send(
            HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/metrics"), body: .empty, baseURL: server.baseURL)
        return (response.status.code, String(decoding: try await body.collect(upTo: 1 << 20), as: UTF8.self))
    }

    @Test("an accepted GET and a refused one are counted by outcome and cause; nothing secret is exported")
    func countersExported() async throws {
        var configuration = ReferenceServerConfiguration(logger: .quiet)
        configuration.exportsMetrics = true
        let server = try await ReferenceServer.start(configuration)
        let clock = ManualClock(Date())
        _ = try await GameSystemCalls(server, .asyncHTTPClient, clock: clock).player()
        let forged = SignetClient(baseURL: server.baseURL, transport: SignetAsyncHTTPClientTransport(),
                            middleware: [SigningMiddleware(signer: try DemoKey.client.signer(secret: "forged-secret-9"))], logger: .quiet)
        _ = try await forged.send(request(.get, GameSystemCalls.playerPath), context: forged.makeContext(operation: "forged"))
        let (status, text) = try await Self.metrics(server)
        #expect(status == 200)
        #expect(text.contains(#"signet_verifications_total{outcome="accepted",cause="none"} 1"#), "\(text)")
        #expect(text.contains(#"signet_verifications_total{outcome="refused",cause="bad-signature"} 1"#), "\(text)")
        #expect(text.contains("signet_verification_duration_seconds"))
        #expect(!text.contains("forged-secret-9") && !text.contains(DemoCredentials.clientSecret) && !text.contains(DemoCredentials.clientKey))
        await server.stop()
    }

    @Test("off by default: /metrics is not a route")
    func offByDefault() async throws {
        let server = try await ReferenceServer.start(ReferenceServerConfiguration(logger: .quiet))
        #expect(try await Self.metrics(server).0 == 404)
        await server.stop()
    }
}
