import Foundation
import HTTPTypes
@testable import Signet
import Synchronization
import Testing

@Suite("The shared deadline timer behind TimeoutMiddleware")
struct DeadlineTimerTests {
    @Test("deadlines fire, an earlier one scheduled later included; a cancelled one never fires")
    func firesDueDeadlines() async throws {
        let timer = DeadlineTimer()
        let (fired, continuation) = AsyncStream<String>.makeStream()
        let now = ContinuousClock.now
        _ = timer.schedule(at: now.advanced(by: .milliseconds(300))) { continuation.yield("late") }
        let cancelled = timer.schedule(at: now.advanced(by: .milliseconds(100))) { continuation.yield("cancelled") }
        // Earlier than the one the sleeper waits for: the sleeper must be replaced to wake in time.
        _ = timer.schedule(at: now.advanced(by: .milliseconds(50))) { continuation.yield("early") }
        timer.cancel(cancelled)
        var seen: [String] = []
        for await name in fired {
            seen.append(name)
            if seen.count == 2 { break }
        }
        #expect(seen == ["early", "late"])
        #expect(timer.pendingCount == 0)
    }

    @Test("many scheduled and cancelled deadlines leave nothing pending")
    func cancelledDeadlinesAreForgotten() {
        let timer = DeadlineTimer()
        let far = ContinuousClock.now.advanced(by: .seconds(3600))
        for index in 0..<10_000 {
            let id = timer.schedule(at: far.advanced(by: .milliseconds(index))) {}
            timer.cancel(id)
        }
        #expect(timer.pendingCount == 0)
    }

    @Test("with the default (shared) timer a hanging attempt ends in SignetError.timeout")
    func defaultTimerTimesOut() async throws {
        let (started, continuation) = AsyncStream<Void>.makeStream()
        _ = started
        let client = makeClient(HangingTransport(started: continuation), [TimeoutMiddleware(defaultTimeout: .milliseconds(100))])
        let error = await signetError { _ = try await client.send(.make(.get, "/slow"), operation: "slow") }
        #expect(error?.kind.name == "timeout")
        #expect(error?.description == "slow GET /v1/slow: timed out after 0.1 s")
    }
}
