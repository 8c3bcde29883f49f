import Foundation
import Synchronization

/// A clock that moves only when a test says so: server and client share it, so dates are deterministic
/// and two identical requests can be told apart by advancing it a second (the replay cache would refuse
/// byte-identical signed requests sent within the same second).
final class ManualClock: Sendable {
    private let current: Mutex<Date>

    /// Starts at `start` (by default 2027-01-15 08:00:00 UTC).
    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex(start)
    }

    /// The current time.
    func now() -> Date { current.withLock { $0 } }

    /// Moves the clock forward.
    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// This clock as a closure, shifted by `offset` seconds (a client whose clock is wrong).
    func reading(offsetBy offset: TimeInterval = 0) -> @Sendable () -> Date {
        { self.now().addingTimeInterval(offset) }
    }
}
