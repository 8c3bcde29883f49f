import Foundation
import SignetGameSystem

/// Remembers accepted state-changing requests until their `Date` leaves the window, so that an exact
/// replay inside the window is refused.
///
/// The GameSystem scheme has no nonce: a captured request verifies again until its `Date` is more than
/// the window away from the server's clock. A store records each accepted request under its canonical
/// identity (`GameSystemVerifiedRequest`: key, verified signature, date, MD5, method, path — never the raw
/// `Authorization` text, which has several valid spellings) and must never forget one before its expiry.
/// When it cannot take more, it answers ``ReplayClaim/storeFull(retryAfter:)`` rather than forgetting.
///
/// ```swift
/// struct LoggingReplayStore: ReplayStore {
///     let inner = InMemoryReplayStore()
///     func claim(_ request: GameSystemVerifiedRequest, until expiry: Date, now: Date) async throws -> ReplayClaim {
///         let answer = try await inner.claim(request, until: expiry, now: now)
///         if answer == .replayed { print("replay refused for \(request.apiKey)") }
///         return answer
///     }
/// }
/// ```
/// Implementations: ``InMemoryReplayStore`` (one process) and `PostgresReplayStore` in `SignetPostgres`
/// (any number of server instances).
public protocol ReplayStore: Sendable {
    /// Records `request` as accepted until `expiry`, unless it is already recorded and unexpired at `now`.
    /// - Throws: when the store cannot be reached; the request is then refused with 503, never accepted.
    func claim(_ request: GameSystemVerifiedRequest, until expiry: Date, now: Date) async throws -> ReplayClaim
}

/// A ``ReplayStore``'s answer.
public enum ReplayClaim: Sendable, Hashable {
    /// First sight: recorded, the request may proceed.
    case accepted
    /// The same request was accepted before and its window has not ended: refuse it.
    case replayed
    /// The store is at capacity with entries still inside their window; retry after this many seconds.
    case storeFull(retryAfter: Int)
}
