import Foundation

/// The game's time: the server's configured clock read once, then advanced by a monotonic clock.
///
/// Deadlines are stamped in the server's time (so an injected, skewed clock shows in `deadline`), while
/// a frozen test clock cannot stall a game: time still moves at the real pace.
struct TriviaGameClock: Sendable {
    private let origin: Date
    private let start: ContinuousClock.Instant

    /// A clock starting at `clock()` now.
    init(reading clock: () -> Date) {
        origin = clock()
        start = ContinuousClock.now
    }

    /// The current game time.
    func now() -> Date {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return origin.addingTimeInterval(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18)
    }
}
