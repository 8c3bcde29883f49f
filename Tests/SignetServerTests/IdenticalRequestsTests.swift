import Foundation
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetServer
import Testing

/// Two identical state-changing requests in one second are byte-identical (one-second dates, no nonce);
/// the server refuses the second as a replay. The client must live with that: it never sends the same one
/// twice, and retries a `replayed-request` refusal in a later second.
@Suite("Identical POSTs in the same second")
struct IdenticalRequestsTests {
    @Test("one client posting Magic 10 times as fast as it can: every post succeeds, +100 points")
    func tenFastPosts() async throws {
        let server = try await ReferenceServer.start(ReferenceServerConfiguration(logger: .quiet))
        let client = GameSystemClient(
            baseURL: server.baseURL, tenant: DemoCredentials.tenant,
            credentials: try GameSystemCredentials(apiKey: DemoCredentials.clientKey, secret: DemoCredentials.clientSecret),
            adminCredentials: try GameSystemCredentials(apiKey: DemoCredentials.adminKey, secret: DemoCredentials.adminSecret),
            transport: SignetAsyncHTTPClientTransport(), options: .init(clockOffsets: ClockOffsetStore(), logger: .quiet)
        ).forPlayer(DemoCredentials.player)
        let before = try await client.player().totalPoints
        for _ in 0..<10 {
            let result = try await client.postExternalEvent("Magic", idempotencyKey: UUID().uuidString)
            #expect(result.pointsAwarded == 10)
        }
        #expect(try await client.player().totalPoints == before + 100)
        await server.stop()
    }

    @Test("four clients with the same key posting at once: the refused ones are retried in a later second, +120 points")
    func fourClientsAtOnce() async throws {
        let server = try await ReferenceServer.start(ReferenceServerConfiguration(logger: .quiet))
        let admin = try GameSystemCredentials(apiKey: DemoCredentials.adminKey, secret: DemoCredentials.adminSecret)
        let reader = try GameSystemCredentials(apiKey: DemoCredentials.clientKey, secret: DemoCredentials.clientSecret)
        func makeClient() -> GameSystemPlayerClient {
            // A client of its own per task, as separate processes would have: no shared memory of what was sent.
            GameSystemClient(baseURL: server.baseURL, tenant: DemoCredentials.tenant, credentials: reader, adminCredentials: admin,
                             transport: SignetAsyncHTTPClientTransport(), options: .init(clockOffsets: ClockOffsetStore(), logger: .quiet)
            ).forPlayer(DemoCredentials.player)
        }
        let before = try await makeClient().player().totalPoints
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let client = makeClient()
                    for _ in 0..<3 { _ = try await client.postExternalEvent("Magic") }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await makeClient().player().totalPoints == before + 120)
        await server.stop()
    }
}
