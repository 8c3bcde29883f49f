import Foundation
import Synchronization

/// The clock offsets learned per host (`host[:port]`), shared by every request of a process or client.
///
/// ``ClockSkewMiddleware`` writes an offset when it learns one and reads it at the start of every request,
/// so later requests to the same host are signed with the corrected clock from their first attempt.
public final class ClockOffsetStore: Sendable {
    private let offsets = Mutex<[String: TimeInterval]>([:])

    /// An empty store.
    public init() {}

    /// The offset learned for `host`, in seconds (server time − local time), or `nil`.
    public func offset(forHost host: String) -> TimeInterval? {
        let key = host.lowercased()
        return offsets.withLock { $0[key] }
    }

    /// Records `offset` for `host`.
    public func setOffset(_ offset: TimeInterval, forHost host: String) {
        let key = host.lowercased()
        offsets.withLock { $0[key] = offset }
    }

    /// Forgets the offset for `host`.
    public func removeOffset(forHost host: String) {
        let key = host.lowercased()
        _ = offsets.withLock { $0.removeValue(forKey: key) }
    }
}
