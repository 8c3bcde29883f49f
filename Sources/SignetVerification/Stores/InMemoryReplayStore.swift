import Foundation
import HeapModule
import SignetGameSystem
import Synchronization

/// A ``ReplayStore`` in this process's memory: bounded in count, and never forgetting an entry before it
/// expires.
///
/// Entries sit in a dictionary (lookup) and a min-heap on expiry (eviction), so a claim costs O(log n)
/// whatever the load: expired entries leave from the top of the heap as time passes. At ``capacity``
/// live entries a new request is answered ``ReplayClaim/storeFull(retryAfter:)`` — with the time until the
/// oldest entry expires — instead of evicting one that could still be replayed.
///
/// Size it for the load: entries live until their `Date` + window, so a server taking R state-changing
/// requests per second holds about R × window of them (up to 2 × window for clients whose clocks run ahead).
public final class InMemoryReplayStore: ReplayStore {
    private struct Expiring: Comparable {
        let expiry: Date
        let request: GameSystemVerifiedRequest
        static func < (lhs: Expiring, rhs: Expiring) -> Bool { lhs.expiry < rhs.expiry }
        static func == (lhs: Expiring, rhs: Expiring) -> Bool { lhs.expiry == rhs.expiry && lhs.request == rhs.request }
    }

    private struct State {
        var expiries: [GameSystemVerifiedRequest: Date] = [:]
        var heap = Heap<Expiring>()
    }

    private let state = Mutex(State())
    /// The most requests remembered at once (100,000 by default).
    public let capacity: Int

    /// Creates an empty store holding at most `capacity` unexpired requests.
    public init(capacity: Int = 100_000) {
        self.capacity = max(1, capacity)
    }

    /// Records `request` until `expiry`; see ``ReplayStore/claim(_:until:now:)``.
    public func claim(_ request: GameSystemVerifiedRequest, until expiry: Date, now: Date) -> ReplayClaim {
        state.withLock { state in
            Self.evictExpired(&state, now: now)
            if state.expiries[request] != nil { return .replayed }
            if state.expiries.count >= capacity {
                let oldest = state.heap.min?.expiry ?? now
                return .storeFull(retryAfter: Self.seconds(from: now, to: oldest))
            }
            state.expiries[request] = expiry
            state.heap.insert(Expiring(expiry: expiry, request: request))
            return .accepted
        }
    }

    /// How many unexpired requests are remembered (expired ones are dropped first).
    public func count(now: Date = Date()) -> Int {
        state.withLock { state in
            Self.evictExpired(&state, now: now)
            return state.expiries.count
        }
    }

    /// Drops every entry whose expiry is before `now` (an entry expiring exactly now still counts).
    private static func evictExpired(_ state: inout State, now: Date) {
        while let top = state.heap.min, top.expiry < now {
            _ = state.heap.popMin()
            if state.expiries[top.request] == top.expiry { state.expiries.removeValue(forKey: top.request) }
        }
    }

    /// Whole seconds from `now` until just after `date`, at least 1.
    static func seconds(from now: Date, to date: Date) -> Int {
        let interval = date.timeIntervalSince(now)
        guard interval.isFinite, interval < 86_400 else { return 86_400 }
        return max(1, Int(interval.rounded(.up)) + 1)
    }
}
