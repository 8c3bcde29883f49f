import Foundation
import SignetTestSupport
import Synchronization

#if os(Linux)
/// The memory a client spends on one large answer, measured in a child process of its own.
///
/// **What is measured.** The parent (the test process) serves the answers from a ``HostileHTTPPeer`` (or any
/// peer) and starts the child: this test binary, filtered to the one test, with a role naming the transport
/// and the peer's address. The child builds its client and transport, reads one small answer through them
/// (so that code, threads, connection pools and allocator arenas are set up), gives freed heap back
/// (`malloc_trim`) and resets the kernel's high-water mark: the resident size then is **the idle process**.
/// It then reads the large answer, keeps what it decoded alive, and reports the growth of the peak
/// resident size (`VmHWM`) over the idle one. Serving from the parent keeps the answer's own bytes (and the
/// peer's threads) out of the figure: only the client's memory counts, transport buffers included.
public enum AnswerMemory {
    /// The environment variable that carries a child's role.
    public static let variable = "SIGNET_ANSWER_MEMORY_CHILD"

    /// What the child reported.
    public struct Measurement: Sendable, CustomStringConvertible {
        /// The resident size of the idle process, in bytes.
        public var idle: Int
        /// How far the peak resident size rose above `idle` while the large answer was read and decoded.
        public var growth: Int
        /// What the child said about the decoded answer (counts, the last element), to check it.
        public var summary: String

        /// `growth` as a multiple of `limit`.
        public func ratio(to limit: Int) -> Double { Double(growth) / Double(limit) }

        public var description: String {
            "idle \(idle >> 20) MiB, growth \(growth >> 20) MiB (\(String(format: "%.2f", Double(growth) / Double(1 << 20) / 16))× 16 MiB); \(summary)"
        }
    }

    /// The role of this process when it is a child: the transport (nil for a WebSocket, which has its own)
    /// and the peer's base URL.
    public static func childRole() -> (transport: TransportKind?, baseURL: URL)? {
        guard let role = IsolatedMeasurement.role(variable) else { return nil }
        let parts = role.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, let url = URL(string: parts[1]) else { return nil }
        return (TransportKind(rawValue: parts[0]), url)
    }

    /// In the parent: runs the test `test` (a swift-testing filter such as `"GameSystemMemoryTests.player"`)
    /// in a child with `transport` (nil: a WebSocket) and `baseURL`, and returns what it measured.
    public static func run(test: String, transport: TransportKind?, baseURL: URL) async throws -> Measurement {
        let role = "\(transport?.rawValue ?? "websocket") \(baseURL.absoluteString)"
        let fields = try await IsolatedMeasurement.run(test: test, variable: variable, role: role)
        guard let idle = fields["idle"].flatMap({ Int($0) }), let growth = fields["growth"].flatMap({ Int($0) }),
              let summary = fields["summary"] else {
            throw IsolatedMeasurement.ChildFailure(description: "unreadable report: \(fields)")
        }
        return Measurement(idle: idle, growth: growth, summary: summary)
    }

    /// In the child: runs `warmUp` (the small answer), measures the idle process, runs `large` (which returns
    /// a summary of what it decoded, and keeps the decoded value alive until it returns) and reports.
    /// Where the kernel refuses to reset the high-water mark, the child reports an error instead.
    public static func measureInChild(
        warmUp: () async throws -> Void, large: () async throws -> String
    ) async throws {
        try await warmUp()
        ProcessMemory.trimHeap()
        guard ProcessMemory.resetHighWaterMark(), let idle = ProcessMemory.resident() else {
            IsolatedMeasurement.report(["error": "the kernel refused to reset VmHWM"])
            return
        }
        let summary: String
        do {
            summary = try await large()
        } catch {
            summary = "threw \(error)".prefix(2_000).description
        }
        guard let peak = ProcessMemory.highWaterMark() else {
            IsolatedMeasurement.report(["error": "no VmHWM"])
            return
        }
        IsolatedMeasurement.report(["idle": String(idle), "growth": String(peak - idle), "summary": summary])
    }

    /// An answer of at most `limit` bytes: `prefix`, then `element` as many times as fit (joined by
    /// `separator`), then `last` (so a test can check that the end was decoded) and `suffix`. Returns the
    /// bytes and how many elements they hold, `last` included.
    public static func filling(
        _ limit: Int, prefix: String, element: String, separator: String = ",", last: String, suffix: String
    ) -> (bytes: [UInt8], elements: Int) {
        let fixed = prefix.utf8.count + last.utf8.count + suffix.utf8.count
        let repeats = max(0, (limit - fixed) / (element.utf8.count + separator.utf8.count))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(fixed + repeats * (element.utf8.count + separator.utf8.count))
        bytes += prefix.utf8
        let unit = Array((element + separator).utf8)
        for _ in 0..<repeats { bytes += unit }
        bytes += last.utf8
        bytes += suffix.utf8
        return (bytes, repeats + 1)
    }

    /// Answers the first request with `small` and every later one with `large`.
    public static func smallThenLarge(
        small: [HostileHTTPPeer.Step], large: [HostileHTTPPeer.Step]
    ) -> @Sendable (HostileHTTPPeer.Request) -> [HostileHTTPPeer.Step] {
        let served = Mutex(0)
        return { _ in
            served.withLock { count in
                count += 1
                return count == 1 ? small : large
            }
        }
    }
}
#endif
