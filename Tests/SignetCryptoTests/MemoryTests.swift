import Foundation
import SignetCrypto
import SignetTestSupport
import Testing

#if os(Linux)
/// Repeated hashing and MACing frees what it allocates: resident memory stays flat.
///
/// Measured in a process of its own (``IsolatedMeasurement``): in the test process, the suites running
/// alongside moved resident memory by more than the bound (a CI run saw 11 MiB in each of three rounds
/// while another suite streamed a 40 MiB body). The child warms up, then runs three rounds and reports the
/// growth of each; a leak grows memory in every round, so the smallest growth is checked. One leaked
/// context per operation (a libcrypto context, or swift-crypto's boxed state) would add tens of MiB per
/// round; the bound is 8 MiB.
@Suite("Memory", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "needs /proc/self/status"))
struct MemoryTests {
    static let operationsPerRound = 100_000
    static let childVariable = "SIGNET_CRYPTO_MEMORY_CHILD"

    @Test("HMAC and MD5 contexts are freed: resident memory does not grow with use")
    func flatMemory() async throws {
        if IsolatedMeasurement.role(Self.childVariable) != nil {
            try Self.measureAndReport()
            return
        }
        let fields = try await IsolatedMeasurement.run(test: "MemoryTests.flatMemory", variable: Self.childVariable, role: "rounds")
        let growths = try #require(fields["growths"].map { $0.split(separator: ",").compactMap { Int($0) } }, "child reported \(fields)")
        try #require(growths.count == 3, "child reported \(fields)")
        let smallest = growths.min() ?? 0
        #expect(smallest < 8 * 1024 * 1024, "resident memory grew by \(growths) bytes per \(Self.operationsPerRound) operations")
    }

    /// In the child: a warm-up round, then three measured rounds.
    static func measureAndReport() throws {
        let key = try HMACKey(secret: "memory check secret")
        let message = [UInt8](repeating: 0x61, count: 64)
        func work() throws {
            for _ in 0..<operationsPerRound {
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
            let before = try #require(ProcessMemory.resident(), "no VmRSS in /proc/self/status")
            try work()
            growths.append(try #require(ProcessMemory.resident(), "no VmRSS in /proc/self/status") - before)
        }
        IsolatedMeasurement.report(["growths": growths.map(String.init).joined(separator: ",")])
    }
}
#endif
