import Foundation
import Synchronization

/// An ``IdempotencyStore`` in this process's memory, bounded in count: every record is kept for at least
/// ``lifetime`` after its response was stored, and when ``capacity`` records are live a new key is refused
/// (``IdempotencyBegin/storeFull(retryAfter:)``, a 503) rather than forgetting one a client may still retry.
public final class InMemoryIdempotencyStore: IdempotencyStore {
    private let ledger: Mutex<IdempotencyLedger>
    /// How long a record is kept, in seconds (one hour by default).
    public let lifetime: TimeInterval
    /// The most records held at once (100,000 by default).
    public let capacity: Int

    /// Creates an empty store.
    public init(lifetime: TimeInterval = 3_600, capacity: Int = 100_000) {
        let ledger = IdempotencyLedger(lifetime: lifetime, capacity: capacity)
        self.ledger = Mutex(ledger)
        self.lifetime = ledger.lifetime
        self.capacity = ledger.capacity
    }

    /// Claims `request`'s key; see ``IdempotencyStore/begin(_:now:)``.
    public func begin(_ request: IdempotencyRequest, now: Date) -> IdempotencyBegin {
        ledger.withLock { $0.begin(request, now: now) }
    }

    /// Stores the response to a claimed request.
    public func complete(_ request: IdempotencyRequest, with response: StoredResponse, now: Date) {
        ledger.withLock { $0.complete(request, with: response, now: now) }
    }

    /// Releases a claim whose handler failed.
    public func abandon(_ request: IdempotencyRequest) {
        ledger.withLock { $0.abandon(request) }
    }
}
