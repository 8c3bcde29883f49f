import DequeModule
import Foundation

/// The bookkeeping of an in-memory idempotency store: records by (API key, key), each kept until
/// its expiry, in a queue by expiry for O(1) eviction. Shared by ``InMemoryIdempotencyStore`` and the
/// reference server's in-memory GameSystem state, which applies an award and its record in one step.
package struct IdempotencyLedger: Sendable {
    private enum Outcome: Sendable {
        case inFlight
        case done(StoredResponse)
    }

    private struct Record: Sendable {
        let fingerprint: String
        var outcome: Outcome
        var expiry: Date
    }

    private struct Slot: Hashable, Sendable {
        let apiKey: String
        let key: String
    }

    private var records: [Slot: Record] = [:]
    private var expiries = Deque<(expiry: Date, slot: Slot)>()
    /// How long a completed record is kept (at least).
    package let lifetime: TimeInterval
    /// The most records held at once.
    package let capacity: Int

    package init(lifetime: TimeInterval, capacity: Int) {
        self.lifetime = max(1, lifetime)
        self.capacity = max(1, capacity)
    }

    /// Claims `request`'s key or says why not; see ``IdempotencyStore/begin(_:now:)``.
    package mutating func begin(_ request: IdempotencyRequest, now: Date) -> IdempotencyBegin {
        evictExpired(now: now)
        let slot = Slot(apiKey: request.apiKey, key: request.key)
        if let record = records[slot] {
            guard record.fingerprint == request.fingerprint else { return .conflict }
            switch record.outcome {
            case .inFlight: return .inProgress
            case .done(let response): return .replay(response)
            }
        }
        if records.count >= capacity {
            let oldest = expiries.first?.expiry ?? now
            return .storeFull(retryAfter: InMemoryReplayStore.seconds(from: now, to: oldest))
        }
        insert(Record(fingerprint: request.fingerprint, outcome: .inFlight, expiry: now + lifetime), at: slot)
        return .proceed
    }

    /// Stores the response of a claimed request, kept for ``lifetime`` from `now`.
    package mutating func complete(_ request: IdempotencyRequest, with response: StoredResponse, now: Date) {
        let slot = Slot(apiKey: request.apiKey, key: request.key)
        guard let record = records[slot], record.fingerprint == request.fingerprint else { return }
        insert(Record(fingerprint: record.fingerprint, outcome: .done(response), expiry: now + lifetime), at: slot)
    }

    /// Releases a claim that is still in flight.
    package mutating func abandon(_ request: IdempotencyRequest) {
        let slot = Slot(apiKey: request.apiKey, key: request.key)
        guard let record = records[slot], record.fingerprint == request.fingerprint,
              case .inFlight = record.outcome else { return }
        records.removeValue(forKey: slot)
    }

    /// How many records are held.
    package var count: Int { records.count }

    private mutating func insert(_ record: Record, at slot: Slot) {
        records[slot] = record
        expiries.append((record.expiry, slot))
    }

    /// Drops records whose expiry has passed. A record whose expiry was extended (completed after its
    /// claim) has a later entry in the queue, so its older entry is skipped.
    private mutating func evictExpired(now: Date) {
        while let first = expiries.first, first.expiry < now {
            expiries.removeFirst()
            if let record = records[first.slot], record.expiry == first.expiry {
                records.removeValue(forKey: first.slot)
            }
        }
    }
}
