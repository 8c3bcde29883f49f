import Foundation
import Synchronization

/// A wall clock that moves only when a test says so: a server and its clients share it, so dates are
/// deterministic and two identical requests can be told apart by advancing it a second (the replay store
/// refuses byte-identical signed requests sent within the same second).
public final class ManualClock: Sendable {
    private let current: Mutex<Date>

    /// Starts at `start` (by default 2027-01-15 08:00:00 UTC, a whole second).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex(start)
    }

    /// The current time.
    public func now() -> Date { current.withLock { $0 } }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Moves the clock forward by `duration` (what a retry's injected sleep is given).
    public func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        advance(by: TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18)
    }

    /// This clock as a closure, shifted by `offset` seconds (a client whose clock is wrong).
    public func reading(offsetBy offset: TimeInterval = 0) -> @Sendable () -> Date {
        { self.now().addingTimeInterval(offset) }
    }
}
