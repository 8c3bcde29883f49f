import Foundation
import HTTPTypes
import Logging
import PostgresNIO
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetPostgres
import SignetServer
import Testing

/// What a request costs the database, counted by PostgreSQL itself: `pg_stat_statements` (loaded by
/// `.ci/postgres.sh`) counts each statement a client sends, once per execution, top-level only, so the
/// statements inside `signet_gs_event` are not counted and a `BEGIN` or `COMMIT` would be. One statement
/// sent is one round trip, and, with no `BEGIN`, one transaction.
extension PostgresTests {
@Suite("One round trip per request on PostgreSQL")
struct PostgresRoundTripTests {
    /// Executions per statement text sent to database `name` so far (read from the `postgres` database, so
    /// these reads are not counted in `name`'s).
    static func statements(in name: String) async throws -> [String: Int] {
        guard let serverURL = PostgresTestDatabase.serverURL else { throw PostgresTestDatabase.Missing() }
        var counts: [String: Int] = [:]
        try await PostgresTestDatabase.admin(serverURL) { client in
            try await client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            let rows = try await client.query("""
                SELECT s.query, s.calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
                WHERE d.datname = \(name)
                """)
            for try await (query, calls) in rows.decode((String, Int).self) { counts[query, default: 0] += calls }
        }
        return counts
    }

    /// The statements run between `before` and `after`, with how many times each; the pool's keep-alive
    /// (`SELECT 1;` on a connection idle for 30 s, normalized to `SELECT $1`) is left out: it is not a request's.
    static func sent(from before: [String: Int], to after: [String: Int]) -> [String: Int] {
        after.reduce(into: [:]) { sent, entry in
            let count = entry.value - before[entry.key, default: 0]
            if count > 0, entry.key != "SELECT $1" { sent[entry.key] = count }
        }
    }

    /// Runs `request` and answers the statements it sent to database `name`.
    static func cost<T>(in name: String, _ request: () async throws -> T) async throws -> (T, [String: Int]) {
        let before = try await statements(in: name)
        let value = try await request()
        return (value, sent(from: before, to: try await statements(in: name)))
    }

    static func database(of url: String) -> String { URLComponents(string: url).map { String($0.path.dropFirst()) } ?? "" }

    static func admin(_ server: ReferenceServer) throws -> SignetClient {
        SignetClient(baseURL: server.baseURL, transport: SignetAsyncHTTPClientTransport(),
               middleware: [SigningMiddleware(signer: try DemoKey.admin.signer())], logger: .quiet)
    }

    @Test("a Magic POST, its idempotent repeat, an avatar PUT and a player GET each send one statement")
    func oneStatementPerRequest() async throws {
        try await PostgresTestDatabase.with { url in
            let name = Self.database(of: url)
            let server = try await PostgresServerTests.start(url)
            let client = try PostgresServerTests.client(server, retry: .none)
            let (first, post) = try await Self.cost(in: name) { try await client.postExternalEvent("Magic", idempotencyKey: "k1") }
            #expect(first.pointsAwarded == 10)
            #expect(post.count == 1 && post.first?.value == 1, "statements sent: \(post)")
            #expect(post.keys.allSatisfy { $0.contains("signet_gs_event") }, "statements sent: \(post)")
            let (again, repeated) = try await Self.cost(in: name) { try await client.postExternalEvent("Magic", idempotencyKey: "k1") }
            #expect(again.pointsAwarded == 10)
            #expect(repeated.values.reduce(0, +) == 1, "statements sent: \(repeated)")
            let (_, put) = try await Self.cost(in: name) { try await client.updateAvatar(top: 102) }
            #expect(put.values.reduce(0, +) == 1, "statements sent: \(put)")
            let (player, get) = try await Self.cost(in: name) { try await client.player() }
            #expect(player.totalPoints == 10)
            #expect(player.avatar["Top"] == 102)
            #expect(get.values.reduce(0, +) == 1, "statements sent: \(get)")
            await server.stop()
        }
    }

    @Test("on PostgreSQL a POST answers the bytes it answers in memory, its repeat the same bytes, and a replay the core's 401")
    func sameAnswersAsInMemory() async throws {
        try await PostgresTestDatabase.with { url in
            let postgres = try await PostgresServerTests.start(url)
            let memory = try await ReferenceServer.start(ReferenceServerConfiguration(logger: .quiet))
            let body = Body(#"{"player": "ann", "external_event_id": "Magic"}"#)
            var answers: [[UInt8]] = []
            for server in [memory, postgres] {
                let capture = CapturingMiddleware()
                let signed = SignetClient(baseURL: server.baseURL, transport: SignetAsyncHTTPClientTransport(),
                                    middleware: [SigningMiddleware(signer: try DemoKey.admin.signer()), capture], logger: .quiet)
                let post = request(.post, GameSystemCalls.eventsPath, fields: [field("Idempotency-Key"): "same"])
                let first = try await exchange(signed, post, body: body)
                #expect(first.status == 200)
                // Re-signed in a later second: a new identity, the same key.
                try await Task.sleep(for: .milliseconds(1_100))
                let repeated = try await exchange(signed, post, body: body)
                #expect(repeated.fields[field("Idempotent-Replayed")] == "true")
                #expect(repeated.body == first.body)
                // The exact request again: refused before anything else, as the verification core refuses it.
                let captured = try #require(capture.last)
                let (response, answer) = try await SignetAsyncHTTPClientTransport().send(captured, body: body, baseURL: server.baseURL)
                #expect(response.status.code == 401)
                #expect(response.headerFields[.retryAfter] == "1")
                answers += [first.body, Array(try await answer.collect(upTo: 4_096))]
            }
            #expect(answers[0] == answers[2], "\(String(decoding: answers[0], as: UTF8.self)) / \(String(decoding: answers[2], as: UTF8.self))")
            #expect(answers[1] == answers[3], "\(String(decoding: answers[1], as: UTF8.self)) / \(String(decoding: answers[3], as: UTF8.self))")
            await memory.stop()
            await postgres.stop()
        }
    }
}
}
