import CSignetBenchFloor
import Foundation
import SignetCrypto

/// Content-MD5 of a large file body: `MD5.hash(contentsOfFile:)` (what the signer uses for file
/// bodies) against `openssl dgst -md5` on the same file. Target: throughput ≥ 90 % of openssl, with
/// peak memory flat (independent of the file's size).
enum FileDigestBenchmark {
    static func run(megabytes: Int, rounds: Int) throws -> Double {
        print("Content-MD5 of a \(megabytes) MiB file (best of \(rounds) rounds, page cache warm)")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("signet-bench-\(getpid()).bin").path
        try writeFile(path: path, megabytes: megabytes)
        defer { try? FileManager.default.removeItem(atPath: path) }

        let expected = try opensslMD5(path: path) // warms the page cache too
        let before = Measure.peakResidentKiB()
        var swiftTimes: [Double] = [], opensslTimes: [Double] = []
        var digest = ""
        for _ in 0..<rounds {
            opensslTimes.append(try Measure.seconds { _ = try opensslMD5(path: path) })
            swiftTimes.append(try Measure.seconds { digest = try MD5.hash(contentsOfFile: path).hex })
        }
        let growth = Measure.peakResidentKiB() - before
        guard digest == expected else { throw BenchFailure("MD5 mismatch: \(digest) vs openssl \(expected)") }

        let bytes = Double(megabytes) * 1_048_576
        let swiftRate = bytes / (swiftTimes.min() ?? .nan) / 1e6, opensslRate = bytes / (opensslTimes.min() ?? .nan) / 1e6
        report("openssl dgst -md5 (process, incl. start-up)", "\(fixed(opensslRate, 0)) MB/s")
        report("MD5.hash(contentsOfFile:)", "\(fixed(swiftRate, 0)) MB/s")
        report("peak resident memory growth while hashing", "\(growth) KiB", "(file is \(megabytes * 1024) KiB)")
        let ratio = swiftRate / opensslRate
        report("ratio Swift/openssl throughput", fixed(ratio), "target ≥ 0.90 \(ratio >= 0.9 ? "met" : "NOT met")")
        return ratio
    }

    private static func writeFile(path: String, megabytes: Int) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path)
        else { throw BenchFailure("cannot create \(path)") }
        defer { try? handle.close() }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var chunk = [UInt8](repeating: 0, count: 1_048_576)
        for _ in 0..<megabytes {
            chunk.withUnsafeMutableBytes { raw in
                for index in stride(from: 0, to: raw.count, by: 8) {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    raw.storeBytes(of: state, toByteOffset: index, as: UInt64.self)
                }
            }
            try handle.write(contentsOf: chunk)
        }
    }

    private static func opensslMD5(path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "dgst", "-md5", "-r", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchFailure("openssl dgst failed (is openssl installed?)") }
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }
}
