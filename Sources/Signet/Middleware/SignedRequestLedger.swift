import Foundation
import Synchronization

/// The signed state-changing requests one ``SigningMiddleware`` (one client) sent in the last seconds, by
/// their `Authorization` value, so that it never sends the same one twice.
///
/// Dates have one-second resolution and schemes like GameSystem have no nonce: two identical POSTs signed in
/// the same second are byte-identical, and a server that refuses replays refuses the second. The ledger
/// lets the signer notice and sign again in the next second instead.
final class SignedRequestLedger: Sendable {
    private struct State {
        /// Authorization value → the second it was signed for.
        var sent: [String: Int64] = [:]
    }

    private let state = Mutex(State())

    /// Records `authorization`, signed for `second`; false when it was already sent.
    func claim(_ authorization: String, second: Int64) -> Bool {
        state.withLock { state in
            if state.sent.count > 256 {
                // Entries older than a few seconds can no longer collide with a fresh signature.
                state.sent = state.sent.filter { $0.value >= second - 2 }
            }
            return state.sent.updateValue(second, forKey: authorization) == nil
        }
    }
}
