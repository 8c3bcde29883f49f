import Synchronization

/// One process-wide timer for every ``TimeoutMiddleware``: the pending deadlines in a min-heap and a single
/// task that sleeps until the earliest one.
///
/// A per-request `Task.sleep` costs a task and a system timer that lingers until its full duration even
/// after the request finished (a 30 s timer for a 100 µs request), so under load thousands of dead timers
/// pile up. Here scheduling and cancelling are a lock and a heap operation; cancelled entries are dropped
/// lazily and the heap is rebuilt when they outnumber the live ones, so memory follows the requests in flight.
final class DeadlineTimer: Sendable {
    /// The timer every ``TimeoutMiddleware`` without an injected sleep uses.
    static let shared = DeadlineTimer()

    private struct Entry {
        let deadline: ContinuousClock.Instant
        let id: UInt64
    }

    private struct Pending {
        let deadline: ContinuousClock.Instant
        let action: @Sendable () -> Void
    }

    private struct State {
        var nextID: UInt64 = 0
        /// The deadlines not yet fired or cancelled, by id.
        var live: [UInt64: Pending] = [:]
        /// Min-heap on deadline; may still hold ids that were cancelled.
        var heap: [Entry] = []
        /// What the sleeping task waits for, and which sleeper is current (older ones stop).
        var sleeperTarget: ContinuousClock.Instant?
        var sleeperGeneration: UInt64 = 0
        var sleeper: Task<Void, Never>?
    }

    private let state = Mutex(State())

    /// Runs `action` at `deadline` unless ``cancel(_:)`` is called first; returns the id to cancel with.
    /// The action runs on the timer's task: keep it short (cancel a task, set a flag).
    func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        state.withLock { state in
            let id = state.nextID
            state.nextID &+= 1
            state.live[id] = Pending(deadline: deadline, action: action)
            Self.push(Entry(deadline: deadline, id: id), into: &state.heap)
            if state.sleeperTarget.map({ deadline < $0 }) ?? true {
                // No sleeper, or it sleeps past this deadline: replace it with one that wakes in time.
                state.sleeper?.cancel()
                state.sleeperGeneration &+= 1
                state.sleeperTarget = deadline
                let generation = state.sleeperGeneration
                state.sleeper = Task.detached { [self] in await self.sleep(generation: generation) }
            }
            return id
        }
    }

    /// Forgets the deadline `id`; its action will not run (a no-op when it already ran).
    func cancel(_ id: UInt64) {
        state.withLock { state in
            guard state.live.removeValue(forKey: id) != nil else { return }
            let stale = state.heap.count - state.live.count
            if stale > 64, stale > state.live.count {
                state.heap = state.live.map { Entry(deadline: $0.value.deadline, id: $0.key) }
                Self.heapify(&state.heap)
            }
        }
    }

    /// The number of deadlines waiting (for tests).
    var pendingCount: Int { state.withLock { $0.live.count } }

    /// The sleeper's loop: wait for the earliest deadline, fire what is due, repeat; stop when nothing is
    /// left or a newer sleeper took over.
    private func sleep(generation: UInt64) async {
        while true {
            let target: ContinuousClock.Instant? = state.withLock { state in
                guard state.sleeperGeneration == generation else { return nil }
                while let top = state.heap.first, state.live[top.id] == nil { Self.popMin(&state.heap) }
                guard let top = state.heap.first else {
                    state.sleeper = nil
                    state.sleeperTarget = nil
                    return nil
                }
                state.sleeperTarget = top.deadline
                return top.deadline
            }
            guard let target else { return }
            do {
                try await Task.sleep(until: target, clock: .continuous)
            } catch {
                return // replaced by a sleeper for an earlier deadline
            }
            let due: [@Sendable () -> Void] = state.withLock { state in
                guard state.sleeperGeneration == generation else { return [] }
                let now = ContinuousClock.now
                var due: [@Sendable () -> Void] = []
                while let top = state.heap.first, top.deadline <= now {
                    Self.popMin(&state.heap)
                    if let pending = state.live.removeValue(forKey: top.id) { due.append(pending.action) }
                }
                return due
            }
            for action in due { action() }
        }
    }

    // MARK: Binary min-heap on `deadline`

    private static func push(_ entry: Entry, into heap: inout [Entry]) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private static func popMin(_ heap: inout [Entry]) {
        guard !heap.isEmpty else { return }
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        siftDown(&heap, from: 0)
    }

    private static func heapify(_ heap: inout [Entry]) {
        guard heap.count > 1 else { return }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(&heap, from: index) }
    }

    private static func siftDown(_ heap: inout [Entry], from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].deadline < heap[smallest].deadline { smallest = left }
            if right < heap.count, heap[right].deadline < heap[smallest].deadline { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
