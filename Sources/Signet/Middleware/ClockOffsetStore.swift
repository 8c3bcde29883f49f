#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The clock offsets learned per host (`host[:port]`), shared by every request of a process or client.
///
/// ``ClockSkewMiddleware`` writes an offset when it learns one and reads it at the start of every request,
/// so later requests to the same host are signed with the corrected clock from their first attempt.
public final class ClockOffsetStore: Sendable {
    private let offsets = Mutex<[String: TimeInterval]>([:])
    /// Whether `offsets` is empty, readable without the lock (written only while holding it).
    private let isEmpty = Atomic(true)

    /// An empty store.
    public init() {}

    /// The process's store: every client that does not bring its own shares it, so an offset learned from
    /// one origin's answer corrects every later request to that origin, whichever client sends it.
    public static let shared = ClockOffsetStore()

    /// The offset learned for `host`, in seconds (server time − local time), or `nil`.
    public func offset(forHost host: String) -> TimeInterval? {
        // Asked on every request, and almost always of an empty store: no lock, no key then.
        guard !isEmpty.load(ordering: .acquiring) else { return nil }
        let key = Self.key(host)
        return offsets.withLock { $0[key] }
    }

    /// Records `offset` for `host`.
    public func setOffset(_ offset: TimeInterval, forHost host: String) {
        let key = Self.key(host)
        offsets.withLock {
            $0[key] = offset
            isEmpty.store(false, ordering: .releasing)
        }
    }

    /// Forgets the offset for `host`.
    public func removeOffset(forHost host: String) {
        let key = Self.key(host)
        offsets.withLock {
            $0.removeValue(forKey: key)
            isEmpty.store($0.isEmpty, ordering: .releasing)
        }
    }

    /// Hosts compare case-insensitively; most are lowercase already, and keep their string.
    private static func key(_ host: String) -> String {
        host.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) ? host.lowercased() : host
    }
}
