import Synchronization
import SignetTestSupport
import Testing

/// The PostgreSQL tests' cluster lock: shared holds overlap, a hold alone excludes every other, and holds are
/// granted in the order they were asked for (a shared hold asked after a waiting hold alone waits for it).
@Suite("The PostgreSQL tests' shared cluster lock")
struct SharedClusterAccessTests {
    /// A shared hold that has the cluster once this returns, and keeps it until `release` opens; it then adds
    /// `ends` to `order`.
    private static func heldShared(_ lock: SharedClusterAccess, until release: Gate, then ends: String, in order: Order) async -> Task<Void, any Error> {
        let holding = Gate()
        let task = Task {
            try await lock.holding {
                holding.open()
                await release.wait()
                order.add(ends)
            }
        }
        await holding.wait()
        return task
    }

    /// Waits (bounded: 10 s) until `lock` has `count` holds waiting; fails the test if it never has.
    private static func waitUntil(_ lock: SharedClusterAccess, queues count: Int) async throws {
        let queued = await ExchangeRows.eventually(within: .seconds(10)) { await lock.waitingCount >= count }
        try #require(queued, "the lock never had \(count) holds waiting")
    }

    @Test("two shared holds run at once")
    func sharedOverlap() async throws {
        let lock = SharedClusterAccess()
        let release = Gate(), order = Order()
        let first = await Self.heldShared(lock, until: release, then: "first ends", in: order)
        let second = Task { try await lock.holding { order.add("second") } }
        // The second hold ends while the first still holds the cluster (bounded: an exclusive lock fails here).
        _ = await ExchangeRows.eventually(within: .seconds(10)) { !order.all.isEmpty }
        release.open()
        try await first.value
        try await second.value
        #expect(order.all == ["second", "first ends"])
    }

    @Test("a hold alone waits for the shared holds, and a shared hold asked after it waits for it")
    func aloneExcludes() async throws {
        let lock = SharedClusterAccess()
        let release = Gate(), order = Order()
        let shared = await Self.heldShared(lock, until: release, then: "shared ends", in: order)
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
