import Foundation
import Synchronization

/// Remembers verified signed requests until their `Date` leaves the window, to refuse exact replays.
///
/// The GameSystem scheme has no nonce, so an exact copy of a signed request (same `Authorization`, `Date`,
/// `Content-MD5`, method and path) is valid until its `Date` is more than the window away from the server's
/// clock. The cache holds each verified request until then. It is bounded: when full, expired entries are
/// dropped first, then those expiring soonest. A consequence worth knowing: two byte-identical requests
/// signed within the same second are indistinguishable from a replay, and the second is refused.
final class ReplayCache: Sendable {
    private struct State {
        var expiries: [String: Date] = [:]
    }

    private let state = Mutex(State())
    /// The most requests remembered at once.
    let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    /// Records `fingerprint` until `expiry`; returns false when it was already recorded and unexpired.
    func recordFirstUse(of fingerprint: String, until expiry: Date, now: Date) -> Bool {
        state.withLock { state in
            if let known = state.expiries[fingerprint], known >= now { return false }
            if state.expiries.count >= capacity {
                state.expiries = state.expiries.filter { $0.value >= now }
            }
            if state.expiries.count >= capacity {
                let overflow = state.expiries.count - capacity + 1
                for (key, _) in state.expiries.sorted(by: { $0.value < $1.value }).prefix(overflow) {
                    state.expiries.removeValue(forKey: key)
                }
            }
            state.expiries[fingerprint] = expiry
            return true
        }
    }

    /// How many requests are remembered now.
    var count: Int { state.withLock { $0.expiries.count } }
}
