/// The one PostgreSQL cluster the tests share (`SIGNET_POSTGRES_URL`), held by one test at a time, whichever
/// target it is in: one of them stops and restarts the cluster, which no other may see.
///
/// A suite-wide `.serialized` did this before, but only within SignetServerTests: the adapter conformance
/// tests' PostgreSQL cases could run while the cluster was down. Letting the tests share the cluster (each has
/// a database of its own, and only the restart needs it alone) was measured and left out: with every
/// PostgreSQL test at once, or two at a time, a full run under one CPU hog finished in 111 s rather than 132 s
/// but its start was so busy that other tests' timers fired seconds late (docs/decisions.md, "CI time").
public actor SharedClusterAccess {
    /// The cluster's lock.
    public static let postgres = SharedClusterAccess()

    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` while holding the cluster; waits, first come first served, while another test holds it.
    public nonisolated func holding<T>(_ body: () async throws -> T) async throws -> T {
        await acquire()
        do {
            let value = try await body()
            await release()
            return value
        } catch {
            await release()
            throw error
        }
    }

    private func acquire() async {
        guard held else {
            held = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        // The next waiter takes the cluster over as it is: `held` stays true.
        if waiting.isEmpty { held = false } else { waiting.removeFirst().resume() }
    }
}
