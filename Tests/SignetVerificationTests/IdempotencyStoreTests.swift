import Foundation
import HTTPTypes
import SignetVerification
import Testing

@Suite("In-memory idempotency store")
struct IdempotencyStoreTests {
    private static let start = Date(timeIntervalSince1970: 1_790_000_000)
    private static let ok = StoredResponse(status: 200, body: Array(#"{"ok":true}"#.utf8))

    /// The attempt these tests make of each request: one claim for all, as each test makes one attempt per key
    /// (``takenOver()`` makes two).
    private static let attempt = UUID()

    private func request(_ key: String, fingerprint: String = "POST /events md5", claim: UUID = attempt) -> IdempotencyRequest {
        IdempotencyRequest(apiKey: "admin", key: key, fingerprint: fingerprint, claim: claim)
    }

    @Test("a key taken over after its lifetime in flight is the new attempt's: the first one's late abandon or complete changes nothing")
    func takenOver() {
        let store = InMemoryIdempotencyStore(lifetime: 60)
        let slow = request("k", claim: UUID()), retry = request("k", claim: UUID()), third = request("k", claim: UUID())
        #expect(store.begin(slow, now: Self.start) == .proceed)
        #expect(store.begin(retry, now: Self.start.addingTimeInterval(30)) == .inProgress)
        #expect(store.begin(retry, now: Self.start.addingTimeInterval(61)) == .proceed)
        store.abandon(slow)
        #expect(store.begin(third, now: Self.start.addingTimeInterval(62)) == .inProgress)
        store.complete(slow, with: StoredResponse(status: 201, body: Array("first".utf8)), now: Self.start.addingTimeInterval(63))
        #expect(store.begin(third, now: Self.start.addingTimeInterval(63)) == .inProgress)
        store.complete(retry, with: Self.ok, now: Self.start.addingTimeInterval(64))
        #expect(store.begin(third, now: Self.start.addingTimeInterval(65)) == .replay(Self.ok))
    }

    @Test("first use proceeds; a repeat while in flight is in progress; after completion it replays")
    func lifecycle() {
        let store = InMemoryIdempotencyStore()
        #expect(store.begin(request("a"), now: Self.start) == .proceed)
        #expect(store.begin(request("a"), now: Self.start) == .inProgress)
        store.complete(request("a"), with: Self.ok, now: Self.start)
        #expect(store.begin(request("a"), now: Self.start.addingTimeInterval(1)) == .replay(Self.ok))
        #expect(store.begin(request("a", fingerprint: "POST /events other"), now: Self.start) == .conflict)
    }

    @Test("a stored answer keeps its own fields (Location, ETag, an app's) for a repeat, not those of one message or connection")
    func keptFields() throws {
        let name = try #require(HTTPField.Name("X-Order-Id"))
        let fields: HTTPFields = [
            .contentType: "application/json", .location: "/orders/7", .eTag: "\"v1\"", name: "7", .date: "Sun, 29 Nov 2026 04:00:00 GMT",
            .contentLength: "11", .connection: "keep-alive", .setCookie: "session=abc", .transferEncoding: "chunked",
        ]
        let stored = StoredResponse(status: 201, contentType: "application/json", body: Array(#"{"ok":true}"#.utf8), fields: fields)
        #expect(stored.fields == [.location: "/orders/7", .eTag: "\"v1\"", name: "7"])
        let store = InMemoryIdempotencyStore(lifetime: 60)
        #expect(store.begin(request("k"), now: Self.start) == .proceed)
        store.complete(request("k"), with: stored, now: Self.start)
        guard case .replay(let replayed) = store.begin(request("k"), now: Self.start.addingTimeInterval(1)) else {
            Issue.record("no replay")
            return
        }
        #expect(replayed.fields[.location] == "/orders/7")
        #expect(replayed.contentType == "application/json")
    }

    @Test("an abandoned claim can be used again")
    func abandon() {
        let store = InMemoryIdempotencyStore()
        #expect(store.begin(request("a"), now: Self.start) == .proceed)
        store.abandon(request("a"))
        #expect(store.begin(request("a"), now: Self.start) == .proceed)
    }

    @Test("a record is kept for its whole lifetime, whatever the number of other keys, and then forgotten")
    func keptForLifetime() {
        let store = InMemoryIdempotencyStore(lifetime: 600, capacity: 50_000, perKeyCapacity: 50_000)
        #expect(store.begin(request("first"), now: Self.start) == .proceed)
        store.complete(request("first"), with: Self.ok, now: Self.start)
        // The old 10,000-record list forgot the first key here and applied it again.
        for n in 0..<20_000 {
            let now = Self.start.addingTimeInterval(Double(n) / 100)
            #expect(store.begin(request("k\(n)"), now: now) == .proceed)
            store.complete(request("k\(n)"), with: Self.ok, now: now)
        }
        #expect(store.begin(request("first"), now: Self.start.addingTimeInterval(599)) == .replay(Self.ok))
        #expect(store.begin(request("first"), now: Self.start.addingTimeInterval(601)) == .proceed)
    }

    @Test("past capacity a new key is refused with a retry time, and old records are not forgotten")
    func fullRefuses() {
        let store = InMemoryIdempotencyStore(lifetime: 60, capacity: 3, perKeyCapacity: 3)
        for key in ["a", "b", "c"] {
            #expect(store.begin(request(key), now: Self.start) == .proceed)
            store.complete(request(key), with: Self.ok, now: Self.start)
        }
        #expect(store.begin(request("d"), now: Self.start.addingTimeInterval(10)) == .storeFull(retryAfter: 51))
        #expect(store.begin(request("a"), now: Self.start.addingTimeInterval(10)) == .replay(Self.ok))
        #expect(store.begin(request("d"), now: Self.start.addingTimeInterval(61)) == .proceed)
    }

    @Test("one API key that floods fills only its quota: it gets 503 and another key goes on; its old records stay")
    func perKeyQuota() {
        let store = InMemoryIdempotencyStore(lifetime: 60, capacity: 100, perKeyCapacity: 10)
        func flood(_ key: String) -> IdempotencyRequest { IdempotencyRequest(apiKey: "flooder", key: key, fingerprint: "f", claim: Self.attempt) }
        for n in 0..<10 {
            #expect(store.begin(flood("k\(n)"), now: Self.start) == .proceed)
            store.complete(flood("k\(n)"), with: Self.ok, now: Self.start)
        }
        #expect(store.begin(flood("k10"), now: Self.start.addingTimeInterval(1)) == .storeFull(retryAfter: 60))
        #expect(store.begin(flood("k0"), now: Self.start.addingTimeInterval(1)) == .replay(Self.ok), "refused, never forgotten")
        for n in 0..<10 {
            #expect(store.begin(request("other-\(n)"), now: Self.start.addingTimeInterval(1)) == .proceed)
        }
        // An abandoned claim gives its place back; expired records give theirs.
        #expect(store.begin(request("other-10"), now: Self.start.addingTimeInterval(1)) == .storeFull(retryAfter: 60))
        store.abandon(request("other-9"))
        #expect(store.begin(request("other-10"), now: Self.start.addingTimeInterval(1)) == .proceed)
        #expect(store.begin(flood("k10"), now: Self.start.addingTimeInterval(61)) == .proceed)
    }

    @Test("the global bound still holds when many keys flood together")
    func globalBoundAcrossKeys() {
        let store = InMemoryIdempotencyStore(lifetime: 60, capacity: 20, perKeyCapacity: 10)
        for key in ["a", "b"] {
            for n in 0..<10 {
                #expect(store.begin(IdempotencyRequest(apiKey: key, key: "\(n)", fingerprint: "f"), now: Self.start) == .proceed)
            }
        }
        #expect(store.begin(IdempotencyRequest(apiKey: "c", key: "0", fingerprint: "f"), now: Self.start) == .storeFull(retryAfter: 61))
    }

    @Test("the default quota is a quarter of the capacity")
    func defaultQuota() {
        #expect(InMemoryIdempotencyStore().perKeyCapacity == 25_000)
        #expect(InMemoryIdempotencyStore(capacity: 5).perKeyCapacity == 1)
    }
}
