import Foundation
import SignetCrypto
import SignetTestSupport
import Testing

/// Repeated hashing and MACing frees what it allocates: resident memory stays flat.
///
/// Other suites run in the same process at the same time, so a single before/after pair can see their
/// allocations. A leak grows memory in every round, so the test takes the smallest growth of three rounds.
/// One leaked context per operation (a libcrypto context, or swift-crypto's boxed state) would add tens of
/// MiB per round; the bound is 8 MiB. Resident memory is read from /proc, so the suite runs where it exists.
@Suite("Memory", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm"), "needs /proc/self/statm"))
struct MemoryTests {
    static let operationsPerRound = 100_000

    @Test("HMAC and MD5 contexts are freed: resident memory does not grow with use")
    func flatMemory() throws {
        let key = try HMACKey(secret: "memory check secret")
        let message = [UInt8](repeating: 0x61, count: 64)
        func work() throws {
            for _ in 0..<Self.operationsPerRound {
                _ = try HMAC.authenticationCode(for: message, using: key)
                var md5 = try MD5()
                md5.update(message)
                var copy = md5 // forces a context copy on the next update
                copy.update(message)
                _ = try copy.finalize()
                _ = try md5.finalize()
            }
        }
        try work() // warm up: caches, allocator arenas
        var growths: [Int] = []
        for _ in 0..<3 {
            let before = try Self.residentBytes()
            try work()
            growths.append(try Self.residentBytes() - before)
        }
        let smallest = growths.min() ?? 0
        #expect(smallest < 8 * 1024 * 1024, "resident memory grew by \(growths) bytes per \(Self.operationsPerRound) operations")
    }

    /// Resident set size from /proc/self/statm (second field, in pages).
    static func residentBytes() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let fields = text.split(separator: " ")
        let pages = try #require(fields.count > 1 ? Int(fields[1]) : nil, "unexpected /proc/self/statm: \(text)")
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
