import Foundation
import SignetWorlds
import Testing

#if os(Linux)
/// Peak memory while decoding a large worlds answer, as the growth of the process's peak resident set.
///
/// How it measures: the kernel's high-water mark (`VmHWM` in /proc/self/status) is reset to the current
/// resident size by writing `5` to /proc/self/clear_refs, the answer is decoded, and the new high-water
/// mark minus the reset value is the decode's peak growth. Other suites run in the same process at the
/// same time and can only add to it, so the bounds are generous: 10× the input for OpenStep text (measured
/// 5.5×; 14× before streaming and compact dictionaries), 4× for XML (measured 1.8×; 6.7× through
/// Foundation). Freed heap is given back first (`malloc_trim`), so an earlier test's freed memory cannot
/// hide a peak.
/// Where the kernel refuses the reset, the test records nothing rather than guess.
/// ``StreamingReadTests`` checks the property behind the numbers without measuring memory.
@Suite(.serialized) struct WorldsMemoryTests {
    static let worldCount = 100_000

    /// About 15 MB of compact OpenStep text: `worldCount` worlds, every value a string, as the real server.
    static func openStepAnswer(worlds count: Int) -> [UInt8] {
        var text = "{serverVersion=\"3.2.1\";allAvailableWorlds=(\n"
        for i in 0..<count {
            text += "{id=\(i);name=\"World \(i)\";country=AU;language=en;url=\"http://b2.lk.com/W\(i).woa\";"
                + "mapURL=\"http://m2.lk.com/W\(i)\";worldStatus={id=3;description=online;};},\n"
        }
        return Array((text + ");}").utf8)
    }

    /// About 15 MB of XML: `count` worlds.
    static func xmlAnswer(worlds count: Int) -> [UInt8] {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            + "\t<key>allAvailableWorlds</key>\n\t<array>\n"
        for i in 0..<count {
            text += "\t\t<dict>\n\t\t\t<key>country</key>\n\t\t\t<string>AU</string>\n\t\t\t<key>id</key>\n\t\t\t<integer>\(i)</integer>\n"
                + "\t\t\t<key>language</key>\n\t\t\t<string>en</string>\n"
                + "\t\t\t<key>mapURL</key>\n\t\t\t<string>http://maps2.lordsandknights.com/v2/LKWorldServer-AU-\(i)</string>\n"
                + "\t\t\t<key>name</key>\n\t\t\t<string>Australia \(i) (recommended)</string>\n"
                + "\t\t\t<key>url</key>\n\t\t\t<string>http://backend2.lordsandknights.com/XYRALITY/WebObjects/LKWorldServer-AU-\(i).woa</string>\n"
                + "\t\t\t<key>worldStatus</key>\n\t\t\t<dict>\n\t\t\t\t<key>description</key>\n\t\t\t\t<string>online</string>\n"
                + "\t\t\t\t<key>id</key>\n\t\t\t\t<string>3</string>\n\t\t\t</dict>\n\t\t</dict>\n"
        }
        return Array((text + "\t</array>\n</dict>\n</plist>\n").utf8)
    }

    /// The growth of the peak resident set while `body` runs, in bytes; nil when it cannot be measured.
    static func peakGrowth(_ body: () throws -> Void) throws -> Int? {
        trimHeap()
        guard (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil,
              let start = highWaterMark() else { return nil }
        try body()
        return highWaterMark().map { $0 - start }
    }

    /// glibc's `malloc_trim(0)`: gives freed heap back to the system, or a decode could reuse memory an
    /// earlier test freed without the peak showing. Looked up at run time (Swift's Glibc module does not
    /// declare it); nothing happens where it is absent.
    static func trimHeap() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = trim(0)
    }

    /// `VmHWM` from /proc/self/status, in bytes.
    static func highWaterMark() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    static let limits = PropertyListLimits(maximumByteCount: 32 << 20, maximumValueCount: 4_000_000)

    @Test("a 15 MB OpenStep answer of 100 000 worlds decodes within 10× its size")
    func openStepPeak() throws {
        let bytes = Self.openStepAnswer(worlds: Self.worldCount)
        #expect((14_000_000...17_000_000).contains(bytes.count))
        var response: WorldsResponse?
        let growth = try Self.peakGrowth {
            response = try WorldsDecoder(limits: Self.limits).decode(bytes, contentType: nil)
        }
        let decoded = try #require(response)
        #expect(decoded.worlds.count == Self.worldCount && decoded.failures.isEmpty)
        #expect(decoded.worlds.last?.name == "World 99999")
        if let growth {
            #expect(growth < 10 * bytes.count, "peak grew by \(growth >> 20) MiB for \(bytes.count >> 20) MiB of input")
        }
    }

    @Test("a 15 MB XML answer decodes within 4× its size")
    func xmlPeak() throws {
        let bytes = Self.xmlAnswer(worlds: 25_000)
        #expect((14_000_000...17_000_000).contains(bytes.count))
        var response: WorldsResponse?
        let growth = try Self.peakGrowth {
            response = try WorldsDecoder(limits: Self.limits).decode(bytes, contentType: nil)
        }
        let decoded = try #require(response)
        #expect(decoded.worlds.count == 25_000 && decoded.failures.isEmpty)
        #expect(decoded.worlds.last?.id == "24999")
        if let growth {
            #expect(growth < 4 * bytes.count, "peak grew by \(growth >> 20) MiB for \(bytes.count >> 20) MiB of input")
        }
    }
}
#endif
