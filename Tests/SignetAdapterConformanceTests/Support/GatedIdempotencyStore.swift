import Foundation
import SignetVerification
import Synchronization

/// An idempotency store that holds the answer of a request whose key is ``gatedKey`` until ``open()``: its
/// claim stays in flight, so a repeat meanwhile gets 409 on every server, the reference one included,
/// whatever the handler. Every other key goes straight through.
final class GatedIdempotencyStore: IdempotencyStore {
    static let gatedKey = "held-in-flight"
    private let store: any IdempotencyStore
    private let state = Mutex((reached: false, open: false))

    init(_ store: any IdempotencyStore) {
        self.store = store
    }

    func begin(_ request: IdempotencyRequest, now: Date) async throws -> IdempotencyBegin {
        try await store.begin(request, now: now)
    }

    func complete(_ request: IdempotencyRequest, with response: StoredResponse, now: Date) async throws {
        if request.key == Self.gatedKey {
            state.withLock { $0.reached = true }
            // Bounded: at most 10 s, then the answer is stored anyway (and the case fails on its 409).
            for _ in 0..<2_000 where !state.withLock({ $0.open }) {
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        try await store.complete(request, with: response, now: now)
    }

    func abandon(_ request: IdempotencyRequest) async {
        await store.abandon(request)
    }

    /// Waits (at most 10 s) until a gated answer is held; whether one is.
    func held() async throws -> Bool {
        for _ in 0..<2_000 {
            if state.withLock({ $0.reached }) { return true }
            try await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// Lets the held answer be stored and sent.
    func open() {
        state.withLock { $0.open = true }
    }
}
