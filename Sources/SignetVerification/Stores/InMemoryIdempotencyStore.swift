import Foundation
import Synchronization

/// An ``IdempotencyStore`` in this process's memory, bounded in count: every record is kept for at least
/// ``lifetime`` after its response was stored. When ``capacity`` records are live, or the API key already
/// holds ``perKeyCapacity``, a new key is refused (``IdempotencyBegin/storeFull(retryAfter:)``, a 503) rather
/// than forgetting a record a client may still retry: forgetting one would let that retry apply twice.
///
/// The per-key quota is what keeps one caller from filling the store for everyone: a key that floods gets
/// 503 once it holds its quota, and every other key goes on. The whole capacity is reached only when at
/// least `capacity / perKeyCapacity` keys flood at once.
public final class InMemoryIdempotencyStore: IdempotencyStore {
    private let ledger: Mutex<IdempotencyLedger>
    /// How long a record is kept, in seconds (one hour by default).
    public let lifetime: TimeInterval
    /// The most records held at once, all API keys together (100,000 by default).
    public let capacity: Int
    /// The most records one API key may hold (a quarter of ``capacity`` by default).
    public let perKeyCapacity: Int

    /// Creates an empty store; `perKeyCapacity` defaults to a quarter of `capacity`.
    public init(lifetime: TimeInterval = 3_600, capacity: Int = 100_000, perKeyCapacity: Int? = nil) {
        let ledger = IdempotencyLedger(lifetime: lifetime, capacity: capacity, perKeyCapacity: perKeyCapacity)
        self.ledger = Mutex(ledger)
        self.lifetime = ledger.lifetime
        self.capacity = ledger.capacity
        self.perKeyCapacity = ledger.perKeyCapacity
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
