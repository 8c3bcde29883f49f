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
/// One API key may hold at most ``perKeyCapacity`` of them: a key that floods gets 503 once it holds its
/// quota, and the others go on (the default quarter lets one key sustain about 1,250 distinct
/// state-changing requests a second with the default 20 s window).
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
        /// How many unexpired requests each API key has.
        var held: [String: Int] = [:]
    }

    private let state = Mutex(State())
    /// The most requests remembered at once, all API keys together (100,000 by default).
    public let capacity: Int
    /// The most requests remembered for one API key (a quarter of ``capacity`` by default), so that one
    /// caller cannot fill the store for everyone.
    public let perKeyCapacity: Int

    /// Creates an empty store holding at most `capacity` unexpired requests, at most `perKeyCapacity` of them
    /// (a quarter of `capacity` by default) for any one API key.
    public init(capacity: Int = 100_000, perKeyCapacity: Int? = nil) {
        self.capacity = max(1, capacity)
        self.perKeyCapacity = min(self.capacity, max(1, perKeyCapacity ?? capacity / 4))
    }

    /// Records `request` until `expiry`; see ``ReplayStore/claim(_:until:now:)``.
    public func claim(_ request: GameSystemVerifiedRequest, until expiry: Date, now: Date) -> ReplayClaim {
        state.withLock { state in
            Self.evictExpired(&state, now: now)
            if state.expiries[request] != nil { return .replayed }
            // Retry-After is when the oldest entry of all leaves: the earliest anything can free.
            if state.expiries.count >= capacity || state.held[request.apiKey, default: 0] >= perKeyCapacity {
                let oldest = state.heap.min?.expiry ?? now
                return .storeFull(retryAfter: Self.seconds(from: now, to: oldest))
            }
            state.expiries[request] = expiry
            state.heap.insert(Expiring(expiry: expiry, request: request))
            state.held[request.apiKey, default: 0] += 1
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
            if state.expiries[top.request] == top.expiry {
                state.expiries.removeValue(forKey: top.request)
                let apiKey = top.request.apiKey
                if let count = state.held[apiKey], count > 1 { state.held[apiKey] = count - 1 } else { state.held.removeValue(forKey: apiKey) }
            }
        }
    }

    /// Whole seconds from `now` until just after `date`, at least 1.
    static func seconds(from now: Date, to date: Date) -> Int {
        let interval = date.timeIntervalSince(now)
        guard interval.isFinite, interval < 86_400 else { return 86_400 }
        return max(1, Int(interval.rounded(.up)) + 1)
    }
}
