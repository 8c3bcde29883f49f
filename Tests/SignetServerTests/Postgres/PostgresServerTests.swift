import Foundation
import HTTPTypes
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetServer
import SignetTestSupport
import Testing

/// Several reference servers on one PostgreSQL database behave as one server: replays, idempotency keys,
/// points and achievements are shared, nothing is lost or counted twice, and a database that goes away
/// gives 503s, then recovery. Real PostgreSQL (`SIGNET_POSTGRES_URL`), a fresh database per test.
extension PostgresTests {
@Suite("Reference servers sharing PostgreSQL")
struct PostgresServerTests {
    static func start(_ url: String, players: Int = 0) async throws -> ReferenceServer {
        var configuration = ReferenceServerConfiguration(logger: .quiet)
        configuration.postgresURL = url
        configuration.extraPlayers = players
        return try await ReferenceServer.start(configuration)
    }

    static func client(_ server: ReferenceServer, player: String = DemoCredentials.player,
                       retry: RetryMiddleware = RetryMiddleware(maxAttempts: 3, baseDelay: .milliseconds(50)),
                       timeout: Duration = .seconds(10)) throws -> GameSystemPlayerClient {
        GameSystemClient(baseURL: server.baseURL, tenant: DemoCredentials.tenant,
                         credentials: try GameSystemCredentials(apiKey: DemoCredentials.clientKey, secret: DemoCredentials.clientSecret),
                         adminCredentials: try GameSystemCredentials(apiKey: DemoCredentials.adminKey, secret: DemoCredentials.adminSecret),
                         transport: SignetAsyncHTTPClientTransport(),
                         options: .init(clockOffsets: ClockOffsetStore(), retry: retry, timeout: timeout, logger: .quiet)
        ).forPlayer(player)
    }

    @Test("a player or event name holding NUL is unknown (404), as in memory, not a database failure (500)")
    func nulInNames() async throws {
        try await PostgresTestDatabase.with { url in
            let server = try await Self.start(url)
            let clock = ManualClock(Date())
            let calls = try GameSystemCalls(server, .asyncHTTPClient, clock: clock, retry: .none)
            let read = await signetError { _ = try await calls.player("/acme/client/players/a%00b") }
            #expect(read?.status?.code == 404, "\(String(describing: read))")
            let event = await signetError { _ = try await calls.post(event: "Magic", player: "a\\u0000b") }
            #expect(event?.status?.code == 404, "\(String(describing: event))")
            clock.advance(by: 1)
            let rule = await signetError { _ = try await calls.post(event: "Ma\\u0000gic") }
            #expect(rule?.status?.code == 404, "\(String(describing: rule))")
            await server.stop()
        }
    }

    @Test("an exact replay of a POST accepted by instance A is refused by instance B")
    func replayAcrossInstances() async throws {
        try await PostgresTestDatabase.with { url in
            let a = try await Self.start(url), b = try await Self.start(url)
            let capture = CapturingMiddleware()
            let signed = SignetClient(baseURL: a.baseURL, transport: SignetAsyncHTTPClientTransport(),
                                middleware: [SigningMiddleware(signer: try DemoKey.admin.signer()), capture], logger: .quiet)
            let body = Body(#"{"player": "ann", "external_event_id": "Magic"}"#)
            #expect(try await exchange(signed, request(.post, GameSystemCalls.eventsPath), body: body).status == 200)
            let captured = try #require(capture.last)
            let (response, answer) = try await SignetAsyncHTTPClientTransport().send(captured, body: body, baseURL: b.baseURL)
            #expect(response.status.code == 401)
            #expect(String(decoding: try await answer.collect(upTo: 4096), as: UTF8.self).contains("replayed-request"))
            #expect(try await Self.client(b).player().totalPoints == 10)
            await a.stop()
            await b.stop()
        }
    }

    @Test("64 clients, each key sent to both instances at once: every player's points are 10 × the keys accepted")
    func concurrentKeysOnTwoInstances() async throws {
        try await PostgresTestDatabase.with { url in
            let a = try await Self.start(url, players: 64), b = try await Self.start(url, players: 64)
            let accepted = try await Self.load(players: 64, keys: 3, a: a, b: b, stopAfter: nil)
            for (player, keys) in accepted {
                #expect(keys == 3, "player-\(player): \(keys) keys accepted")
                #expect(try await Self.client(a, player: "player-\(player)").player().totalPoints == 10 * keys)
            }
            await a.stop()
            await b.stop()
        }
    }

    @Test("instance A stopped abruptly in the middle of the load: retries on B award every key exactly once")
    func instanceCrash() async throws {
        try await PostgresTestDatabase.with { url in
            let a = try await Self.start(url, players: 32), b = try await Self.start(url, players: 32)
            let accepted = try await Self.load(players: 32, keys: 4, a: a, b: b, stopAfter: .milliseconds(1_500))
            for (player, keys) in accepted {
                #expect(keys == 4, "player-\(player): \(keys) keys accepted")
                #expect(try await Self.client(b, player: "player-\(player)").player().totalPoints == 10 * keys)
            }
            await b.stop()
        }
    }

    /// Each player posts `keys` Magic events; each key goes to both instances at once (one client per
    /// instance, as two processes would), and a key that fails everywhere (A gone) is retried on B until it
    /// is answered. Returns the keys answered 200 per player.
    static func load(players: Int, keys: Int, a: ReferenceServer, b: ReferenceServer,
                     stopAfter: Duration?) async throws -> [Int: Int] {
        let stopper = Task {
            guard let stopAfter else { return }
            try await Task.sleep(for: stopAfter)
            await a.stopAbruptly()
        }
        defer { stopper.cancel() }
        return try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for player in 1...players {
                group.addTask {
                    // A short timeout: a request caught by A's crash gets no answer, and is retried on B.
                    let onA = try client(a, player: "player-\(player)", timeout: .seconds(2))
                    let onB = try client(b, player: "player-\(player)", timeout: .seconds(2))
                    var answered = 0
                    for key in 0..<keys {
                        let id = "player-\(player)-key-\(key)"
                        async let first = try? onA.postExternalEvent("Magic", idempotencyKey: id)
                        async let second = try? onB.postExternalEvent("Magic", idempotencyKey: id)
                        var results = await [first, second]
                        var attempts = 0
                        while results.allSatisfy({ $0 == nil }), attempts < 20 {
                            attempts += 1
                            try await Task.sleep(for: .milliseconds(200))
                            results = [try? await onB.postExternalEvent("Magic", idempotencyKey: id)]
                        }
                        if results.contains(where: { $0 != nil }) { answered += 1 }
                        for result in results.compactMap({ $0 }) { #expect(result.pointsAwarded == 10) }
                    }
                    return (player, answered)
                }
            }
            var accepted: [Int: Int] = [:]
            for try await (player, answered) in group { accepted[player] = answered }
            return accepted
        }
    }

    @Test("the database restarted in the middle: 503s while it is down, then recovery by itself",
          .enabled(if: PostgresTestDatabase.restartCommand != nil || TestRun.inCI,
                   "SIGNET_POSTGRES_RESTART is not set: the database-restart test is skipped"))
    func databaseRestart() async throws {
        try await PostgresTestDatabase.alone { url in
            let server = try await Self.start(url)
            let client = try Self.client(server, retry: .none)
            _ = try await client.postExternalEvent("Magic", idempotencyKey: "before")
            let restart = Task { try await PostgresTestDatabase.restart() }
            var statuses: [Int] = []
            let clock = ContinuousClock(), start = clock.now
            var recovered = false
            while clock.now - start < .seconds(40) {
                let began = clock.now
                do {
                    _ = try await client.player()
                    statuses.append(200)
                    if statuses.contains(503) { recovered = true; break }
                } catch let error as SignetError {
                    statuses.append(error.status?.code ?? 0)
                }
                #expect(clock.now - began < .seconds(8), "a request hung while the database was down")
                try await Task.sleep(for: .milliseconds(100))
            }
            try await restart.value
            #expect(statuses.contains(503), "statuses seen: \(Set(statuses))")
            #expect(recovered, "no success after the 503s: \(statuses.suffix(10))")
            #expect(Set(statuses).isSubset(of: [200, 503]), "statuses seen: \(Set(statuses))")
            _ = try await Self.client(server).postExternalEvent("Magic", idempotencyKey: "after")
            #expect(try await client.player().totalPoints == 20)
            await server.stop()
        }
    }

    @Test("identical posts on PostgreSQL: 10 fast ones from one client (+100), then 4 clients × 3 at once (+120)")
    func identicalPosts() async throws {
        try await PostgresTestDatabase.with { url in
            let a = try await Self.start(url), b = try await Self.start(url)
            let one = try Self.client(a)
            for _ in 0..<10 { _ = try await one.postExternalEvent("Magic", idempotencyKey: UUID().uuidString) }
            #expect(try await one.player().totalPoints == 100)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<4 {
                    group.addTask {
                        let client = try Self.client(index % 2 == 0 ? a : b)
                        for _ in 0..<3 { _ = try await client.postExternalEvent("Magic") }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await one.player().totalPoints == 220)
            await a.stop()
            await b.stop()
        }
    }

    @Test("state survives a restart of the server, and Rainbow's achievement is awarded once across instances")
    func persistence() async throws {
        try await PostgresTestDatabase.with { url in
            let a = try await Self.start(url)
            _ = try await Self.client(a).postExternalEvent("Magic")
            _ = try await Self.client(a).updateAvatar(top: 102)
            await a.stop()
            let b = try await Self.start(url), c = try await Self.start(url)
            async let first = Self.client(b).postExternalEvent("Rainbow", idempotencyKey: "r1")
            async let second = Self.client(c).postExternalEvent("Rainbow", idempotencyKey: "r2")
            let awards = try await [first, second].map(\.achievementsAwarded.count)
            #expect(awards.sorted() == [0, 1])
            let player = try await Self.client(c).player()
            #expect(player.totalPoints == 10)
            #expect(player.achievements.map(\.name) == ["Rainbow"])
            #expect(player.avatar["Top"] == 102)
            await b.stop()
            await c.stop()
        }
    }
}
}
