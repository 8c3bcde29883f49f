/// The one PostgreSQL cluster the tests share (`SIGNET_POSTGRES_URL`), whichever target a test is in: each
/// test has a database of its own and shares the cluster (``holding(_:)``), but the restart test stops and
/// starts it, which no other may see, so it holds the cluster alone (``holdingAlone(_:)``).
///
/// Shared or alone, first come first served: a test that wants the cluster alone waits for the tests holding
/// it to finish, and tests that come after it wait for it. One at a time throughout was measured first and
/// kept while the whole suite started at once: sharing then made the start so busy that other tests' timers
/// fired seconds late. With the tests' parallelism bounded (Tests/CSignetTestParallelism) it no longer does
/// (docs/decisions.md, "CI time").
public actor SharedClusterAccess {
    /// The cluster's lock.
    public static let postgres = SharedClusterAccess()

    private enum Want { case shared, alone }

    /// A lock of its own (the tests use ``postgres``; the lock's own test makes fresh ones).
    public init() {}

    /// How many holds are waiting (for the lock's own test).
    public var waitingCount: Int { waiting.count }

    /// Whether any test holds the cluster, shared or alone (for the lock's own test).
    public var isHeld: Bool { holders != 0 }

    /// Tests holding the cluster shared; -1 while one holds it alone.
    private var holders = 0
    private var waiting: [(want: Want, continuation: CheckedContinuation<Void, Never>)] = []

    /// Runs `body` while sharing the cluster with other tests that share it; waits while a test holds it alone.
    public nonisolated func holding<T>(_ body: () async throws -> T) async throws -> T {
        try await hold(.shared, body)
    }

    /// Runs `body` while holding the cluster alone; waits for every test holding it to finish.
    public nonisolated func holdingAlone<T>(_ body: () async throws -> T) async throws -> T {
        try await hold(.alone, body)
    }

    private nonisolated func hold<T>(_ want: Want, _ body: () async throws -> T) async throws -> T {
        await acquire(want)
        do {
            let value = try await body()
            await release()
            return value
        } catch {
            await release()
            throw error
        }
    }

    private func acquire(_ want: Want) async {
        // Nobody waiting ahead (first come first served), and the cluster free for this kind of hold.
        if waiting.isEmpty && admits(want) {
            take(want)
            return
        }
        await withCheckedContinuation { waiting.append((want, $0)) }
    }

    private func admits(_ want: Want) -> Bool {
        want == .shared ? holders >= 0 : holders == 0
    }

    private func take(_ want: Want) {
        holders = want == .shared ? holders + 1 : -1
    }

    private func release() {
        holders = holders == -1 ? 0 : holders - 1
        // Wake waiters in order while the cluster admits them: the front one alone, or a run of shared ones.
        while let next = waiting.first, admits(next.want) {
            waiting.removeFirst()
            take(next.want)
            next.continuation.resume()
        }
    }
}
