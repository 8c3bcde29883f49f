#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The signed state-changing requests one ``SigningMiddleware`` (one client) sent in the last seconds, by
/// their `Authorization` value, so that it never sends the same one twice.
///
/// Dates have one-second resolution and schemes like GameSystem have no nonce: two identical POSTs signed in
/// the same second are byte-identical, and a server that refuses replays refuses the second. The ledger
/// lets the signer notice and sign again in the next second instead.
///
/// The values are kept by the second they were signed for (an `Authorization` covers its `Date`, so a value
/// can only recur within its own second), and whole seconds older than the last three are dropped at once:
/// a claim costs O(1) whatever the rate. (Keeping one dictionary and re-filtering it once it held more than
/// 256 values made every claim O(n) as soon as a client sent more than 256 posts in three seconds.)
final class SignedRequestLedger: Sendable {
    private struct State {
        /// Authorization values sent, by the second they were signed for.
        var sent: [Int64: Set<String>] = [:]
    }

    private let state = Mutex(State())

    /// Records `authorization`, signed for `second`; false when it was already sent.
    func claim(_ authorization: String, second: Int64) -> Bool {
        state.withLock { state in
            if state.sent[second] == nil, state.sent.count >= 3 {
                // Seconds older than a few can no longer collide with a fresh signature.
                state.sent = state.sent.filter { $0.key >= second - 2 }
            }
            return state.sent[second, default: []].insert(authorization).inserted
        }
    }
}
