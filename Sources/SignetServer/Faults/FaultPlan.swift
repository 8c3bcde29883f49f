import Synchronization

/// The faults a running ``ReferenceServer`` injects, per path prefix: thread-safe, changeable at any time.
///
/// Each request takes the first planned fault (in the order injected) whose prefix its path starts with,
/// and uses up one of that fault's remaining count. Faults apply before routing and verification.
///
/// ```swift
/// let server = try await ReferenceServer.start()
/// server.faults.inject(.serviceUnavailable(retryAfter: "0"), count: 2, pathPrefix: "/acme/")
/// server.faults.inject(.delay(.milliseconds(300)), pathPrefix: "/acme/client/avatar_components")
/// server.faults.inject(.dropConnection, count: nil, pathPrefix: "/echo")   // every request, until cleared
/// server.faults.clear()
/// ```
public final class FaultPlan: Sendable {
    struct Entry: Sendable {
        let fault: Fault
        let pathPrefix: String
        /// How many more requests get it; `nil` means every request until cleared.
        var remaining: Int?
    }

    struct State: Sendable {
        var entries: [Entry] = []
        var applied = 0
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// An empty plan: no faults.
    public init() {}

    /// Plans `fault` for the next `count` requests whose path starts with `pathPrefix`
    /// (`count: nil` for every such request until ``clear()``; a count below 1 plans nothing).
    public func inject(_ fault: Fault, count: Int? = 1, pathPrefix: String = "/") {
        if let count, count < 1 { return }
        state.withLock { $0.entries.append(Entry(fault: fault, pathPrefix: pathPrefix, remaining: count)) }
    }

    /// Removes every planned fault.
    public func clear() {
        state.withLock { $0.entries.removeAll() }
    }

    /// How many planned uses are left for faults with exactly this prefix (`nil` when one is unlimited).
    public func remaining(pathPrefix: String = "/") -> Int? {
        state.withLock { state in
            var total = 0
            for entry in state.entries where entry.pathPrefix == pathPrefix {
                guard let remaining = entry.remaining else { return nil }
                total += remaining
            }
            return total
        }
    }

    /// How many faults the server has applied so far.
    public var appliedCount: Int {
        state.withLock { $0.applied }
    }

    /// Returns once the server has applied at least `count` faults (at once if it already has).
    /// Lets a test act while a faulted request is in flight, without sleeping.
    public func waitUntilApplied(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.applied >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Takes the fault for a request to `path`, if one is planned, counting it as applied.
    func take(forPath path: String) -> Fault? {
        let (fault, ready) = state.withLock { state -> (Fault?, [CheckedContinuation<Void, Never>]) in
            guard let index = state.entries.firstIndex(where: { path.hasPrefix($0.pathPrefix) }) else {
                return (nil, [])
            }
            let fault = state.entries[index].fault
            if let remaining = state.entries[index].remaining {
                if remaining <= 1 {
                    state.entries.remove(at: index)
                } else {
                    state.entries[index].remaining = remaining - 1
                }
            }
            state.applied += 1
            let applied = state.applied
            let ready = state.waiters.filter { $0.count <= applied }.map(\.continuation)
            state.waiters.removeAll { $0.count <= applied }
            return (fault, ready)
        }
        for continuation in ready { continuation.resume() }
        return fault
    }
}
