import Synchronization
import SignetTestSupport
import Testing

/// The PostgreSQL tests' cluster lock: shared holds overlap, a hold alone excludes every other, and holds are
/// granted in the order they were asked for (a shared hold asked after a waiting hold alone waits for it).
@Suite("The PostgreSQL tests' shared cluster lock")
struct SharedClusterAccessTests {
    /// Waits until `lock` has `count` holds waiting (bounded: 10 s).
    static func waitUntil(_ lock: SharedClusterAccess, queues count: Int) async throws {
        let clock = ContinuousClock(), start = clock.now
        while await lock.waitingCount < count {
            try #require(clock.now - start < .seconds(10), "the lock never had \(count) holds waiting")
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test("two shared holds run at once")
    func sharedOverlap() async throws {
        let lock = SharedClusterAccess()
        let firstIn = Gate(), release = Gate()
        let order = Order()
        let first = Task {
            try await lock.holding {
                firstIn.open()
                await release.wait()
                order.add("first ends")
            }
        }
        await firstIn.wait()
        let second = Task { try await lock.holding { order.add("second") } }
        // The second hold ends while the first still holds the cluster (bounded: an exclusive lock fails here).
        let clock = ContinuousClock(), start = clock.now
        while order.all.isEmpty && clock.now - start < .seconds(10) { try await Task.sleep(for: .milliseconds(5)) }
        release.open()
        try await first.value
        try await second.value
        #expect(order.all == ["second", "first ends"])
    }

    @Test("a hold alone waits for the shared holds, and a shared hold asked after it waits for it")
    func aloneExcludes() async throws {
        let lock = SharedClusterAccess()
        let order = Order()
        let sharedIn = Gate(), release = Gate()
        let shared = Task {
            try await lock.holding {
                sharedIn.open()
                await release.wait()
                order.add("shared ends")
            }
        }
        await sharedIn.wait()
        let alone = Task { try await lock.holdingAlone { order.add("alone") } }
        try await Self.waitUntil(lock, queues: 1)
        let later = Task { try await lock.holding { order.add("later shared") } }
        try await Self.waitUntil(lock, queues: 2)
        #expect(order.all.isEmpty)
        release.open()
        try await shared.value
        try await alone.value
        try await later.value
        #expect(order.all == ["shared ends", "alone", "later shared"])
        #expect(await lock.waitingCount == 0)
    }

    @Test("a thrown error releases the hold")
    func errorReleases() async throws {
        let lock = SharedClusterAccess()
        await #expect(throws: Boom.self) { try await lock.holdingAlone { throw Boom() } }
        #expect(await !lock.isHeld)
        await #expect(throws: Boom.self) { try await lock.holding { throw Boom() } }
        #expect(await !lock.isHeld)
    }
}

/// A one-shot signal between tasks.
private final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    init() { (stream, continuation) = AsyncStream.makeStream() }
    func open() { continuation.finish() }
    func wait() async { for await _ in stream {} }
}

private struct Boom: Error {}

/// What happened, in order, across tasks.
private final class Order: Sendable {
    private let items = Mutex<[String]>([])
    func add(_ item: String) { items.withLock { $0.append(item) } }
    var all: [String] { items.withLock { $0 } }
}
