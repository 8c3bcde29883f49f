import Foundation
@testable import Signet
import Synchronization
import Testing

@Suite("DeadlineRace: an operation against a timer")
struct DeadlineRaceTests {
    /// Records whether the race started its timer, and sleeps for real when it did.
    final class RecordingSleep: Sendable {
        private let started = Atomic(false)
        var wasStarted: Bool { started.load(ordering: .acquiring) }
        func sleep(_ duration: Duration) async throws {
            started.store(true, ordering: .releasing)
            try await Task.sleep(for: duration)
        }
    }

    struct Refused: Error, Equatable {}

    @Test("an operation that finishes without waiting returns its value and never starts the timer")
    func finishedWithoutWaiting() async throws {
        let recorder = RecordingSleep()
        let value = try await DeadlineRace.run(timer: .sleep(.seconds(30), recorder.sleep)) { 42 }
        #expect(value == 42)
        // A timer started by mistake would begin its sleep on a task of its own: give it time to show.
        try await Task.sleep(for: .milliseconds(50))
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            #expect(!recorder.wasStarted)   // before these, the operation runs in a plain Task: always timed
        }
    }

    @Test("an operation that fails without waiting fails with its own error, not a timeout")
    func failedWithoutWaiting() async throws {
        let recorder = RecordingSleep()
        await #expect(throws: Refused.self) {
            try await DeadlineRace.run(timer: .sleep(.seconds(30), recorder.sleep)) { () async throws -> Int in throw Refused() }
        }
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            #expect(!recorder.wasStarted)
        }
    }

    // No wall-clock bound: when the whole suite starts, its tasks can wait seconds for a thread. An operation
    // that was not cut off would wait an hour, and the time limit fails the test instead.
    @Test("an operation that waits is still cut off when the timer fires first", .timeLimit(.minutes(1)))
    func waitingOperationTimesOut() async throws {
        let recorder = RecordingSleep()
        let error = await #expect(throws: SignetError.self) {
            try await DeadlineRace.run(timer: .sleep(.milliseconds(100), recorder.sleep)) { () async throws -> Int in
                try await Task.sleep(for: .seconds(3_600))
                return 1
            }
        }
        #expect(error?.kind.name == "timeout")
        #expect(recorder.wasStarted)
    }

    @Test("an operation that waits and then finishes in time returns its value")
    func waitingOperationFinishes() async throws {
        let value = try await DeadlineRace.run(timer: .shared(ContinuousClock.now.advanced(by: .seconds(30)))) { () async throws -> String in
            try await Task.sleep(for: .milliseconds(20))
            return "done"
        }
        #expect(value == "done")
    }
}
