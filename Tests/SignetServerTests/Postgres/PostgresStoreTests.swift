import Foundation
import Logging
import PostgresNIO
import SignetGameSystem
import SignetHummingbird
import SignetPostgres
import Testing

/// The PostgreSQL stores on their own: claims from two clients (two "instances") at once, expiry, and the
/// idempotency life cycle. Real PostgreSQL, a fresh database per test.
extension PostgresTests {
@Suite("PostgreSQL replay and idempotency stores")
struct PostgresStoreTests {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Two running clients on `url` (two instances), migrated.
    static func withClients(_ url: String, _ body: (PostgresClient, PostgresClient) async throws -> Void) async throws {
        let configuration = try PostgresConnectionURL.configuration(url)
        let first = PostgresClient(configuration: configuration, backgroundLogger: quiet)
        let second = PostgresClient(configuration: configuration, backgroundLogger: quiet)
        let runs = [Task { await first.run() }, Task { await second.run() }]
        defer { runs.forEach { $0.cancel() } }
        try await PostgresReplayStore.migrate(client: first, logger: quiet)
        try await PostgresIdempotencyStore.migrate(client: second, logger: quiet)
        try await body(first, second)
    }

    static let request = GameSystemVerifiedRequest(
        apiKey: "K", signature: String(repeating: "ab", count: 20), dateSeconds: 1_800_000_000,
        contentMD5: "1B2M2Y8AsgTpgAmY7PhCfg==", method: "POST", path: "/acme/admin/player_external_events")

    @Test("of 40 concurrent claims of one request on two instances, exactly one is accepted")
    func concurrentReplayClaims() async throws {
        try await PostgresTestDatabase.with { url in
            try await Self.withClients(url) { first, second in
                let stores = [PostgresReplayStore(client: first, logger: Self.quiet), PostgresReplayStore(client: second, logger: Self.quiet)]
                let now = Date(timeIntervalSince1970: 1_800_000_000)
                let answers = try await withThrowingTaskGroup(of: ReplayClaim.self) { group in
                    for index in 0..<40 {
                        group.addTask { try await stores[index % 2].claim(Self.request, until: now + 20, now: now) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(answers.filter { $0 == .accepted }.count == 1)
                #expect(answers.filter { $0 == .replayed }.count == 39)
                // Inside the window it stays refused; after it, the same identity may be accepted again.
                #expect(try await stores[1].claim(Self.request, until: now + 20, now: now + 20) == .replayed)
                #expect(try await stores[0].claim(Self.request, until: now + 41, now: now + 21) == .accepted)
            }
        }
    }

    @Test("a request to an 8 KB path is claimed once and then replayed, as any other; its identity is kept hashed")
    func longPathClaims() async throws {
        try await PostgresTestDatabase.with { url in
            try await Self.withClients(url) { first, second in
                let stores = [PostgresReplayStore(client: first, logger: Self.quiet), PostgresReplayStore(client: second, logger: Self.quiet)]
                // A path that does not compress (PostgreSQL compresses a long value before it indexes it).
                func path(_ seed: UInt64) -> String {
                    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
                    var state = seed, characters: [Character] = ["/"]
                    for _ in 0..<8_191 {
                        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                        characters.append(alphabet[Int(state >> 58)])
                    }
                    return String(characters)
                }
                let long = GameSystemVerifiedRequest(
                    apiKey: "K", signature: String(repeating: "cd", count: 20), dateSeconds: 1_800_000_000,
                    contentMD5: "1B2M2Y8AsgTpgAmY7PhCfg==", method: "POST", path: path(1))
                let now = Date(timeIntervalSince1970: 1_800_000_000)
                // Before, PostgreSQL refused the row (index row size) and the claim threw: 503 for a good request.
                let claims = [try await stores[0].claim(long, until: now + 20, now: now),
                              try await stores[1].claim(long, until: now + 20, now: now)]
                #expect(claims == [.accepted, .replayed])
                // Another long path of the same length is another request.
                let other = GameSystemVerifiedRequest(
                    apiKey: "K", signature: String(repeating: "cd", count: 20), dateSeconds: 1_800_000_000,
                    contentMD5: "1B2M2Y8AsgTpgAmY7PhCfg==", method: "POST", path: path(2))
                let otherClaim = try await stores[1].claim(other, until: now + 20, now: now)
                #expect(otherClaim == .accepted)
                // Identities up to 512 bytes are kept as they are; longer ones as their SHA-1.
                let hashed: String = PostgresReplayStore.identity(long), plain: String = PostgresReplayStore.identity(Self.request)
                #expect(hashed.hasPrefix("sha1:") && hashed.utf8.count == 45)
                #expect(plain.contains("/acme/admin/player_external_events"))
            }
        }
    }

    @Test("an idempotency key claimed on two instances at once proceeds once; the other is in progress, then replays")
    func concurrentIdempotency() async throws {
        try await PostgresTestDatabase.with { url in
            try await Self.withClients(url) { first, second in
                let stores = [PostgresIdempotencyStore(client: first, logger: Self.quiet),
                              PostgresIdempotencyStore(client: second, logger: Self.quiet)]
                let key = IdempotencyRequest(apiKey: "admin", key: "k1", fingerprint: "POST /events md5")
                let now = Date(timeIntervalSince1970: 1_800_000_000)
                let answers = try await withThrowingTaskGroup(of: IdempotencyBegin.self) { group in
                    for index in 0..<20 { group.addTask { try await stores[index % 2].begin(key, now: now) } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(answers.filter { $0 == .proceed }.count == 1)
                #expect(answers.filter { $0 == .inProgress }.count == 19)
                let stored = StoredResponse(status: 200, body: Array(#"{"ok":true}"#.utf8))
                try await stores[0].complete(key, with: stored, now: now)
                #expect(try await stores[1].begin(key, now: now + 1) == .replay(stored))
                let other = IdempotencyRequest(apiKey: "admin", key: "k1", fingerprint: "POST /events other")
                #expect(try await stores[1].begin(other, now: now + 1) == .conflict)
                // Kept for its lifetime (one hour), then the key is free again.
                #expect(try await stores[0].begin(key, now: now + 3_599) == .replay(stored))
                #expect(try await stores[0].begin(key, now: now + 3_601) == .proceed)
                // An abandoned claim frees the key at once.
                await stores[0].abandon(key)
                #expect(try await stores[1].begin(key, now: now + 3_602) == .proceed)
            }
        }
    }

    @Test("a key taken over after its in-flight lifetime is the new attempt's: the first one's late abandon or complete changes nothing")
    func takenOverClaim() async throws {
        try await PostgresTestDatabase.with { url in
            try await Self.withClients(url) { first, second in
                let stores = [PostgresIdempotencyStore(client: first, logger: Self.quiet),
                              PostgresIdempotencyStore(client: second, logger: Self.quiet)]
                let now = Date(timeIntervalSince1970: 1_800_000_000)
                // Three attempts of one request (one key, one fingerprint), each with its own claim.
                func attempt() -> IdempotencyRequest { IdempotencyRequest(apiKey: "admin", key: "k-slow", fingerprint: "POST /events md5") }
                let slow = attempt(), retry = attempt(), third = attempt()
                #expect(try await stores[0].begin(slow, now: now) == .proceed)
                #expect(try await stores[1].begin(retry, now: now + 30) == .inProgress)
                // Past the in-flight lifetime (60 s) the retry, on the other instance, takes the key over.
                #expect(try await stores[1].begin(retry, now: now + 61) == .proceed)
                // The first attempt fails late: its release leaves the retry's claim in place.
                await stores[0].abandon(slow)
                #expect(try await stores[0].begin(third, now: now + 62) == .inProgress)
                // Or it finishes late: its answer is not kept in the retry's place.
                try await stores[0].complete(slow, with: StoredResponse(status: 201, body: Array("first".utf8)), now: now + 63)
                #expect(try await stores[0].begin(third, now: now + 63) == .inProgress)
                let answer = StoredResponse(status: 200, body: Array("retry".utf8))
                try await stores[1].complete(retry, with: answer, now: now + 64)
                #expect(try await stores[0].begin(third, now: now + 65) == .replay(answer))
                // Done, the record is not changed by a claim's late release either.
                await stores[1].abandon(retry)
                #expect(try await stores[0].begin(third, now: now + 66) == .replay(answer))
            }
        }
    }

    @Test("a database that cannot be reached makes a claim fail promptly with PostgresUnavailable, never accept")
    func unreachable() async throws {
        let configuration = try PostgresConnectionURL.configuration("postgres://nobody@127.0.0.1:1/none")
        let client = PostgresClient(configuration: configuration, backgroundLogger: Self.quiet)
        let running = Task { await client.run() }
        defer { running.cancel() }
        let store = PostgresReplayStore(client: client, logger: Self.quiet)
        let error = await #expect(throws: PostgresUnavailable.self) {
            _ = try await store.claim(Self.request, until: Date() + 20, now: Date())
        }
        // Promptly means the operation's own 3 s limit ended it (PostgresClient would keep reconnecting). The
        // reason says so; a wall-clock bound here measured the machine instead: at the busy start of a loaded run
        // (where this test now runs, as it needs no database) its timer's task waited 15 to 20 s for a thread.
        #expect(error?.reason == "claiming a replay identity took longer than 3.0 seconds")
    }

    @Test("URLs: user, password, port, database and sslmode are read; a bad one is refused without echoing it")
    func urls() throws {
        let configuration = try PostgresConnectionURL.configuration("postgres://app:s%40cret@db.example:6543/signet?sslmode=disable")
        #expect(configuration.host == "db.example")
        #expect(configuration.port == 6543)
        #expect(configuration.username == "app")
        #expect(configuration.password == "s@cret")
        #expect(configuration.database == "signet")
        for bad in ["http://x@h/db", "postgres://h/db", "postgres://u@/db", "postgres://u:pw@h/db?sslmode=maybe"] {
            #expect(throws: PostgresConnectionURL.Invalid.self) { _ = try PostgresConnectionURL.configuration(bad) }
        }
        do {
            _ = try PostgresConnectionURL.configuration("mysql://u:hunter2@h/db")
        } catch {
            #expect(!error.description.contains("hunter2"))
        }
    }
}
}
