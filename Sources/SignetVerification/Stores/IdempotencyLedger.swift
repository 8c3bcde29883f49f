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
        /// The claim that made it (``IdempotencyRequest/claim``): only that claim completes or releases it.
        let claim: UUID
        var outcome: Outcome
        var expiry: Date
    }

    private struct Slot: Hashable, Sendable {
        let apiKey: String
        let key: String
    }

    private var records: [Slot: Record] = [:]
    private var expiries = Deque<(expiry: Date, slot: Slot)>()
    /// How many records each API key holds.
    private var held: [String: Int] = [:]
    /// How long a completed record is kept (at least).
    package let lifetime: TimeInterval
    /// The most records held at once, all API keys together.
    package let capacity: Int
    /// The most records one API key may hold, so that one caller cannot fill the store for everyone.
    package let perKeyCapacity: Int

    /// The per-key quota when none is given: a quarter of the capacity, so that at least four keys must flood
    /// together to fill the store.
    package static func defaultPerKeyCapacity(for capacity: Int) -> Int { max(1, capacity / 4) }

    package init(lifetime: TimeInterval, capacity: Int, perKeyCapacity: Int? = nil) {
        self.lifetime = max(1, lifetime)
        self.capacity = max(1, capacity)
        self.perKeyCapacity = min(self.capacity, max(1, perKeyCapacity ?? Self.defaultPerKeyCapacity(for: capacity)))
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
        // Refused, never forgotten: a completed record dropped early would let a retry apply its request twice.
        // Retry-After is when the oldest record of all leaves: the earliest anything can free.
        if records.count >= capacity || held[request.apiKey, default: 0] >= perKeyCapacity {
            let oldest = expiries.first?.expiry ?? now
            return .storeFull(retryAfter: InMemoryReplayStore.seconds(from: now, to: oldest))
        }
        insert(Record(fingerprint: request.fingerprint, claim: request.claim, outcome: .inFlight, expiry: now + lifetime), at: slot)
        held[request.apiKey, default: 0] += 1
        return .proceed
    }

    /// Stores the response of `request`'s claim, kept for ``lifetime`` from `now`, when it still holds its key in flight.
    package mutating func complete(_ request: IdempotencyRequest, with response: StoredResponse, now: Date) {
        let slot = Slot(apiKey: request.apiKey, key: request.key)
        guard let record = records[slot], record.claim == request.claim, case .inFlight = record.outcome else { return }
        insert(Record(fingerprint: record.fingerprint, claim: record.claim, outcome: .done(response), expiry: now + lifetime), at: slot)
    }

    /// Releases `request`'s claim, when it still holds its key in flight.
    package mutating func abandon(_ request: IdempotencyRequest) {
        let slot = Slot(apiKey: request.apiKey, key: request.key)
        guard let record = records[slot], record.claim == request.claim, case .inFlight = record.outcome else { return }
        remove(slot)
    }

    /// How many records `apiKey` holds.
    package func count(for apiKey: String) -> Int { held[apiKey, default: 0] }

    private mutating func remove(_ slot: Slot) {
        records.removeValue(forKey: slot)
        if let count = held[slot.apiKey], count > 1 { held[slot.apiKey] = count - 1 } else { held.removeValue(forKey: slot.apiKey) }
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
                remove(first.slot)
            }
        }
    }
}
