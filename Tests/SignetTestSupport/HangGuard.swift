import Foundation
import Synchronization

/// Runs a call against a hostile peer with a generous bound: a regression fails the test instead of
/// hanging the suite. The bound is a hang guard, not a stopwatch (the machine running the tests may be
/// loaded); the limits under test are far shorter.
public enum HangGuard {
    /// How a guarded call ended.
    public enum Outcome: Sendable {
        /// It threw `error` after `elapsed`.
        case threw(any Error, elapsed: Duration)
        /// It returned after `elapsed` (a hostile peer should have made it throw).
        case returned(elapsed: Duration)
        /// It was still running at the bound; it has been cancelled.
        case hung

        /// The error thrown, if any.
        public var error: (any Error)? {
            if case .threw(let error, _) = self { return error }
            return nil
        }
    }

    /// Runs `operation` and waits at most `bound` for it to end.
    public static func run(within bound: Duration, _ operation: @escaping @Sendable () async throws -> Void) async -> Outcome {
        let start = ContinuousClock.now
        let once = Once()
        return await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let work = Task {
                do {
                    try await operation()
                    if once.claim() { continuation.resume(returning: .returned(elapsed: ContinuousClock.now - start)) }
                } catch {
                    if once.claim() { continuation.resume(returning: .threw(error, elapsed: ContinuousClock.now - start)) }
                }
            }
            Task {
                try? await Task.sleep(for: bound)
                if once.claim() { continuation.resume(returning: .hung) }
                work.cancel()
            }
        }
    }
}

/// True for the first caller of ``claim()`` only.
private final class Once: Sendable {
    private let claimed = Mutex(false)
    func claim() -> Bool {
        claimed.withLock { done in
            defer { done = true }
            return !done
        }
    }
}
