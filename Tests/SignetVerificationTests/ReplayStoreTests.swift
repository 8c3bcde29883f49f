import Foundation
import SignetGameSystem
import SignetVerification
import Testing

@Suite("In-memory replay store")
struct ReplayStoreTests {
    private static let start = Date(timeIntervalSince1970: 1_790_000_000)

    private func request(_ n: Int, key: String = "K") -> GameSystemVerifiedRequest {
        GameSystemVerifiedRequest(
            apiKey: key, signature: String(format: "%040x", n), dateSeconds: 1_790_000_000,
            contentMD5: "1B2M2Y8AsgTpgAmY7PhCfg==", method: "POST", path: "/acme/admin/player_external_events")
    }

    @Test("a request is accepted once, then refused as a replay until it expires")
    func acceptedOnceUntilExpiry() {
        let store = InMemoryReplayStore()
        let expiry = Self.start.addingTimeInterval(20)
        #expect(store.claim(request(1), until: expiry, now: Self.start) == .accepted)
        #expect(store.claim(request(1), until: expiry, now: Self.start.addingTimeInterval(5)) == .replayed)
        // Exactly at the expiry the Date is still inside the window (|now − Date| = window is valid).
        #expect(store.claim(request(1), until: expiry, now: expiry) == .replayed)
        #expect(store.claim(request(1), until: expiry.addingTimeInterval(21), now: expiry.addingTimeInterval(0.5)) == .accepted)
    }

    @Test("the same request under another key is another request")
    func scopedByKey() {
        let store = InMemoryReplayStore()
        let expiry = Self.start.addingTimeInterval(20)
        #expect(store.claim(request(1, key: "A"), until: expiry, now: Self.start) == .accepted)
        #expect(store.claim(request(1, key: "B"), until: expiry, now: Self.start) == .accepted)
    }

    @Test("past capacity it refuses new requests instead of forgetting one still inside its window")
    func fullRefusesInsteadOfEvicting() {
        let store = InMemoryReplayStore(capacity: 100, perKeyCapacity: 100)
        for n in 0..<100 {
            #expect(store.claim(request(n), until: Self.start.addingTimeInterval(20), now: Self.start) == .accepted)
        }
        // The 10,000-entry cache used to evict here, and then accepted the replay of request 0.
        #expect(store.claim(request(100), until: Self.start.addingTimeInterval(20), now: Self.start.addingTimeInterval(1))
            == .storeFull(retryAfter: 20))
        #expect(store.claim(request(0), until: Self.start.addingTimeInterval(20), now: Self.start.addingTimeInterval(19)) == .replayed)
        // Once the first entries expire there is room again.
        #expect(store.claim(request(100), until: Self.start.addingTimeInterval(41), now: Self.start.addingTimeInterval(21)) == .accepted)
        #expect(store.count(now: Self.start.addingTimeInterval(21)) == 1)
    }

    @Test("an exact replay after many other requests is still refused")
    func replayAfterManyOthers() {
        let store = InMemoryReplayStore()
        let expiry = Self.start.addingTimeInterval(20)
        #expect(store.claim(request(0), until: expiry, now: Self.start) == .accepted)
        for n in 1...20_000 {
            _ = store.claim(request(n), until: expiry, now: Self.start.addingTimeInterval(Double(n) / 2_000))
        }
        #expect(store.claim(request(0), until: expiry, now: Self.start.addingTimeInterval(10)) == .replayed)
    }

    @Test("a store sized for the load accepts a sliding window of 100,000 distinct requests")
    func slidingWindowStaysLinear() {
        // About 10,000 live entries at any time (500/s for 20 s), 100,000 claims: with eviction by heap
        // this is O(n log n); the old cache re-filtered the whole dictionary on every insert once full.
        let store = InMemoryReplayStore(capacity: 10_100, perKeyCapacity: 10_100)
        var accepted = 0
        for n in 0..<100_000 {
            let now = Self.start.addingTimeInterval(Double(n) / 500)
            if store.claim(request(n), until: now.addingTimeInterval(20), now: now) == .accepted { accepted += 1 }
        }
        #expect(accepted == 100_000)
    }

    @Test("one API key that floods fills only its quota: 503 for it, another key goes on, its replays are still refused")
    func perKeyQuota() {
        let store = InMemoryReplayStore(capacity: 100, perKeyCapacity: 10)
        let expiry = Self.start.addingTimeInterval(20)
        for n in 0..<10 { #expect(store.claim(request(n, key: "flooder"), until: expiry, now: Self.start) == .accepted) }
        #expect(store.claim(request(10, key: "flooder"), until: expiry, now: Self.start) == .storeFull(retryAfter: 21))
        #expect(store.claim(request(3, key: "flooder"), until: expiry, now: Self.start) == .replayed)
        for n in 0..<10 { #expect(store.claim(request(n, key: "other"), until: expiry, now: Self.start) == .accepted) }
        // Once its entries leave the window the flooding key has room again.
        #expect(store.claim(request(10, key: "flooder"), until: expiry.addingTimeInterval(21), now: expiry.addingTimeInterval(1))
            == .accepted)
        #expect(InMemoryReplayStore().perKeyCapacity == 25_000)
    }
}
