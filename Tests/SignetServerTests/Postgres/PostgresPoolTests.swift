import Foundation
import HTTPTypes
import Logging
import PostgresNIO
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetPostgres
import SignetServer
import SignetTestSupport
import Testing

/// A server whose database connections are all busy sheds load: the request that finds no connection within
/// the pool's wait is answered 503 with `Retry-After`, promptly, and the server serves again once a
/// connection is free. Real PostgreSQL, a fresh database per test.
extension PostgresTests {
@Suite("PostgreSQL connection pool")
struct PostgresPoolTests {
    @Test("with its one connection held, a request gets 503 with Retry-After after the pool's wait, then service resumes")
    func fullPool() async throws {
        try await PostgresTestDatabase.with { url in
            var configuration = ReferenceServerConfiguration(logger: .quiet)
            configuration.postgresURL = url
            configuration.postgresPoolSize = 1
            configuration.postgresPoolWait = .milliseconds(200)
            let server = try await ReferenceServer.start(configuration)
            let client = SignetClient(baseURL: server.baseURL, transport: SignetAsyncHTTPClientTransport(),
                                middleware: [SigningMiddleware(signer: try DemoKey.client.signer())], logger: .quiet)
            let get = request(.get, GameSystemCalls.playerPath)
            #expect(try await exchange(client, get).status == 200)

            // The players table locked: the server's one connection blocks on the next GET's statement.
            try await Self.withPlayersLocked(url) { locker, connection in
                let blocked = Task { try? await exchange(client, get).status }
                var waiting = false
                for _ in 0..<100 where !waiting {
                    try await Task.sleep(for: .milliseconds(50))
                    waiting = try await Self.lockWaits(locker) > 0
                }
                #expect(waiting, "the first GET never reached the database")

                let clock = ContinuousClock(), started = clock.now
                let busy = try await exchange(client, get)
                #expect(busy.status == 503)
                #expect(busy.fields[.retryAfter] == "1")
                #expect(String(decoding: busy.body, as: UTF8.self).contains("busy"), "\(String(decoding: busy.body, as: UTF8.self))")
                // Never a hang (the message above says it was the pool's wait that answered).
                #expect(clock.now - started < .seconds(8))
                try await connection.query("ROLLBACK", logger: .quiet)
                #expect([200, 503].contains(await blocked.value ?? 0))
            }
            var status = 0
            for _ in 0..<50 where status != 200 {
                status = try await exchange(client, get).status
                if status != 200 { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(status == 200)
            await server.stop()
        }
    }

    @Test("an event whose statement outlasts PostgreSQL's statement_timeout is answered 503 and rolled back, not applied later")
    func statementTimeout() async throws {
        try await PostgresTestDatabase.with { url in
            var configuration = ReferenceServerConfiguration(logger: .quiet)
            configuration.postgresURL = url
            let server = try await ReferenceServer.start(configuration)
            let calls = try GameSystemCalls(server, .asyncHTTPClient, clock: ManualClock(Date()), retry: .none)
            let before = try await calls.player()

            // The players table locked: the event's one statement waits on it, past its statement_timeout.
            try await Self.withPlayersLocked(url) { locker, connection in
                let clock = ContinuousClock(), started = clock.now
                let refused = await signetError { _ = try await calls.post(event: "Magic") }
                #expect(refused?.status?.code == 503, "\(String(describing: refused))")
                #expect(clock.now - started < .seconds(8))
                // PostgreSQL cancelled the statement itself: nothing of the server's still waits on the lock, so
                // nothing is applied once the lock goes.
                #expect(try await Self.lockWaits(locker) == 0, "the event's statement still waits, and would apply")
                try await connection.query("ROLLBACK", logger: .quiet)
            }
            try await Task.sleep(for: .milliseconds(300))
            let after = try await calls.player()
            #expect(after.point_types.map(\.amount) == before.point_types.map(\.amount), "the event was applied after its 503")
            await server.stop()
        }
    }

    /// Runs `body` with a client of its own on the database at `url`, one of whose connections has begun a
    /// transaction holding `signet_gs_players` locked (`body` ends it with `ROLLBACK`).
    static func withPlayersLocked(
        _ url: String, _ body: (PostgresClient, PostgresConnection) async throws -> Void
    ) async throws {
        let locker = PostgresClient(configuration: try PostgresConnectionURL.configuration(url), backgroundLogger: .quiet)
        let running = Task { await locker.run() }
        defer { running.cancel() }
        try await locker.withConnection { connection in
            try await connection.query("BEGIN", logger: .quiet)
            try await connection.query("LOCK TABLE signet_gs_players IN ACCESS EXCLUSIVE MODE", logger: .quiet)
            try await body(locker, connection)
        }
    }

    /// Locks not granted yet on the database `client` is connected to.
    static func lockWaits(_ client: PostgresClient) async throws -> Int {
        let rows = try await client.query("""
            SELECT count(*) FROM pg_locks l JOIN pg_database d ON d.oid = l.database
            WHERE NOT l.granted AND d.datname = current_database()
            """, logger: .quiet)
        for try await count in rows.decode(Int.self) { return count }
        return 0
    }
}
}
