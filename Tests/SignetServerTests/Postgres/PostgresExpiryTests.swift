import Foundation
import Logging
import PostgresNIO
import SignetGameSystem
import SignetPostgres
import SignetVerification
import Testing

/// No table grows without end: expired replay and idempotency rows are deleted in bounded batches, by the
/// stores themselves as claims go by, and the hot statements find their rows through an index.
extension PostgresTests {
@Suite("PostgreSQL stores delete what expired")
struct PostgresExpiryTests {
    static let quiet = PostgresStoreTests.quiet
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// `count` replay rows that expired an hour ago, and `live` that expire in an hour.
    static func fillReplays(_ client: PostgresClient, expired count: Int, live: Int) async throws {
        try await client.query("""
            INSERT INTO signet_replays (identity, expires_at)
            SELECT 'expired-' || n, \(now.addingTimeInterval(-3_600)) FROM generate_series(1, \(count)) AS n
            """, logger: quiet)
        try await client.query("""
            INSERT INTO signet_replays (identity, expires_at)
            SELECT 'live-' || n, \(now.addingTimeInterval(3_600)) FROM generate_series(1, \(live)) AS n
            """, logger: quiet)
    }

    static func count(_ client: PostgresClient, _ table: String) async throws -> Int {
        let rows = try await client.query(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), logger: quiet)
        for try await count in rows.decode(Int.self) { return count }
        return -1
    }

    @Test("a sweep deletes every expired row in batches and keeps every live one")
    func sweepInBatches() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresStoreTests.withClients(url) { client, _ in
                try await Self.fillReplays(client, expired: 2_500, live: 10)
                let sweeper = ExpirySweeper(table: .replays, batch: 1_000)
                #expect(try await sweeper.sweep(client: client, now: Self.now, logger: Self.quiet) == 2_500)
                #expect(try await Self.count(client, "signet_replays") == 10)
                // A sweep is bounded: at most maxBatches × batch rows, however many expired.
                try await Self.fillReplays(client, expired: 700, live: 0)
                let small = ExpirySweeper(table: .replays, batch: 100, maxBatches: 3)
                #expect(try await small.sweep(client: client, now: Self.now, logger: Self.quiet) == 300)
                #expect(try await Self.count(client, "signet_replays") == 410)
            }
        }
    }

    @Test("the replay store sweeps by itself: after 512 claims the rows that expired are gone")
    func replayStoreSweepsItself() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresStoreTests.withClients(url) { client, _ in
                try await Self.fillReplays(client, expired: 3_000, live: 0)
                let store = PostgresReplayStore(client: client, logger: Self.quiet)
                for n in 0..<store.sweeper.interval {
                    let request = GameSystemVerifiedRequest(apiKey: "K", signature: String(format: "%040x", n), dateSeconds: 1_800_000_000,
                                                            contentMD5: "1B2M2Y8AsgTpgAmY7PhCfg==", method: "POST", path: "/p")
                    #expect(try await store.claim(request, until: Self.now + 20, now: Self.now) == .accepted)
                }
                // The sweep runs in a task of its own: wait for it, within a bound.
                var remaining = try await Self.count(client, "signet_replays")
                for _ in 0..<100 where remaining > store.sweeper.interval {
                    try await Task.sleep(for: .milliseconds(100))
                    remaining = try await Self.count(client, "signet_replays")
                }
                #expect(remaining == store.sweeper.interval, "the 512 live claims stay, the 3,000 expired rows went")
            }
        }
    }

    @Test("expired idempotency records are swept; in-flight and completed ones inside their lifetime stay")
    func idempotencySweep() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresStoreTests.withClients(url) { _, client in
                let store = PostgresIdempotencyStore(client: client, lifetime: 60, inFlightLifetime: 10, logger: Self.quiet)
                let ok = StoredResponse(status: 200, body: Array("{}".utf8))
                for n in 0..<50 {
                    let request = IdempotencyRequest(apiKey: "A", key: "old-\(n)", fingerprint: "f")
                    #expect(try await store.begin(request, now: Self.now - 3_600) == .proceed)
                    try await store.complete(request, with: ok, now: Self.now - 3_600)
                }
                let inFlight = IdempotencyRequest(apiKey: "A", key: "in-flight", fingerprint: "f")
                #expect(try await store.begin(inFlight, now: Self.now) == .proceed)
                let done = IdempotencyRequest(apiKey: "A", key: "done", fingerprint: "f")
                #expect(try await store.begin(done, now: Self.now) == .proceed)
                try await store.complete(done, with: ok, now: Self.now)
                #expect(try await store.sweeper.sweep(client: client, now: Self.now, logger: Self.quiet) == 50)
                #expect(try await Self.count(client, "signet_idempotency") == 2)
                #expect(try await store.begin(done, now: Self.now + 1) == .replay(ok))
                #expect(try await store.begin(inFlight, now: Self.now + 1) == .inProgress)
            }
        }
    }

    /// The plan PostgreSQL picks for `sql` (with `binds`), as text.
    static func plan(_ client: PostgresClient, _ sql: String, _ binds: PostgresBindings) async throws -> String {
        let rows = try await client.query(PostgresQuery(unsafeSQL: "EXPLAIN " + sql, binds: binds), logger: quiet)
        var lines: [String] = []
        for try await line in rows.decode(String.self) { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    @Test("with 20,000 rows, the sweep and the idempotency lookup use their indexes, and claims arbitrate on the key")
    func hotStatementsUseIndexes() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresStoreTests.withClients(url) { client, _ in
                try await Self.fillReplays(client, expired: 10_000, live: 10_000)
                try await client.query("""
                    INSERT INTO signet_idempotency (api_key, key, fingerprint, done, expires_at)
                    SELECT 'A', 'k' || n, 'f', true, \(Self.now.addingTimeInterval(Double(3_600))) FROM generate_series(1, 20000) AS n
                    """, logger: Self.quiet)
                try await client.query("ANALYZE", logger: Self.quiet)
                var sweepBinds = PostgresBindings()
                sweepBinds.append(Self.now.addingTimeInterval(-7_200))
                sweepBinds.append(1_000)
                let sweep = try await Self.plan(client, ExpirySweeper.Table.replays.delete, sweepBinds)
                #expect(sweep.contains("signet_replays_expiry"), "\(sweep)")
                let idempotencySweep = try await Self.plan(client, ExpirySweeper.Table.idempotency.delete, sweepBinds)
                #expect(idempotencySweep.contains("signet_idempotency_expiry"), "\(idempotencySweep)")
                var keyBinds = PostgresBindings()
                keyBinds.append("A")
                keyBinds.append("k77")
                let lookup = try await Self.plan(client,
                    "SELECT fingerprint, done, status, content_type, body FROM signet_idempotency WHERE api_key = $1 AND key = $2", keyBinds)
                #expect(lookup.contains("signet_idempotency_pkey"), "\(lookup)")
                var claimBinds = PostgresBindings()
                claimBinds.append("new")
                claimBinds.append(Self.now)
                let claim = try await Self.plan(client, """
                    INSERT INTO signet_replays (identity, expires_at) VALUES ($1, $2)
                    ON CONFLICT (identity) DO UPDATE SET expires_at = EXCLUDED.expires_at
                    WHERE signet_replays.expires_at < $2 RETURNING 1
                    """, claimBinds)
                #expect(claim.contains("Conflict Arbiter Indexes: signet_replays_pkey"), "\(claim)")
            }
        }
    }
}
}
