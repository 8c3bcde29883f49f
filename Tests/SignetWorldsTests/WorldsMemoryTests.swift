import Foundation
import SignetTestSupport
import SignetWorlds
import Testing

#if os(Linux)
/// Peak memory while decoding a large worlds answer, measured in a process of its own.
///
/// Each test runs itself again as a child process (this test binary, filtered to the one test, with
/// `SIGNET_WORLDS_MEMORY_CHILD` set), where nothing else runs: the child builds the answer, gives freed
/// heap back (`malloc_trim`), resets the kernel's high-water mark (`5` into /proc/self/clear_refs),
/// decodes, and reports the growth of `VmHWM` on one line; the parent checks it. Measured in the test
/// process itself, the number would include whatever the other suites allocate meanwhile, and a decode
/// of 100 000 worlds would disturb their own memory checks. Where the kernel refuses the reset, the child
/// reports no number and only the decoding is checked.
/// Bounds: 2× the input for both (measured 0.7× for OpenStep text and 0.5× for XML with the worlds packed,
/// ``PackedList``; 5.5× and 1.8× with an array of `World`s, 14× and 6.7× before streaming and compact
/// dictionaries). ``StreamingReadTests`` checks the property behind the numbers without measuring memory;
/// `WorldsAnswerMemoryTests` measures the whole client, transport included.
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
        ProcessMemory.trimHeap()
        guard ProcessMemory.resetHighWaterMark(), let start = ProcessMemory.highWaterMark() else { return nil }
        try body()
        return ProcessMemory.highWaterMark().map { $0 - start }
    }

    static let limits = PropertyListLimits(maximumByteCount: 32 << 20, maximumValueCount: 4_000_000)
    static let childVariable = "SIGNET_WORLDS_MEMORY_CHILD"

    /// What a child measured.
    struct Measurement {
        var inputBytes: Int
        var growth: Int?
        var worlds: Int
        var lastWorld: String
    }

    /// In the child: decodes `bytes` and reports the measurement to the parent.
    static func measureAndReport(_ bytes: [UInt8]) throws {
        var response = WorldsResponse(worlds: [])
        let growth = try peakGrowth { response = try WorldsDecoder(limits: limits).decode(bytes, contentType: nil) }
        let last = response.worlds.last.map { "\($0.id)|\($0.name)" } ?? ""
        IsolatedMeasurement.report([
            "input": String(bytes.count), "growth": growth.map(String.init) ?? "none",
            "worlds": String(response.worlds.count), "last": last,
        ])
    }

    /// Runs the test `name` of this suite in a child process with the child variable set to `role`, and
    /// returns what it reported.
    static func measureInChild(test name: String, role: String) async throws -> Measurement {
        let fields = try await IsolatedMeasurement.run(test: "WorldsMemoryTests.\(name)", variable: childVariable, role: role)
        guard let input = fields["input"].flatMap({ Int($0) }), let worlds = fields["worlds"].flatMap({ Int($0) }),
              let last = fields["last"] else {
            throw IsolatedMeasurement.ChildFailure(description: "unreadable report: \(fields)")
        }
        return Measurement(inputBytes: input, growth: fields["growth"].flatMap { Int($0) }, worlds: worlds, lastWorld: last)
    }

    @Test("a 15 MB OpenStep answer of 100 000 worlds decodes within 2× its size")
    func openStepPeak() async throws {
        if let role = IsolatedMeasurement.role(Self.childVariable) {
            if role == "openStep" { try Self.measureAndReport(Self.openStepAnswer(worlds: Self.worldCount)) }
            return
        }
        let measured = try await Self.measureInChild(test: "openStepPeak", role: "openStep")
        print("memory: worlds decoder alone, OpenStep \(measured.inputBytes) bytes: growth \(measured.growth.map { "\($0 >> 20) MiB" } ?? "not measured")")
        #expect((14_000_000...17_000_000).contains(measured.inputBytes))
        #expect(measured.worlds == Self.worldCount && measured.lastWorld == "99999|World 99999")
        if let growth = measured.growth {
            #expect(growth < 2 * measured.inputBytes, "peak grew by \(growth >> 20) MiB for \(measured.inputBytes >> 20) MiB of input")
        }
    }

    @Test("a 15 MB XML answer decodes within 2× its size")
    func xmlPeak() async throws {
        if let role = IsolatedMeasurement.role(Self.childVariable) {
            if role == "xml" { try Self.measureAndReport(Self.xmlAnswer(worlds: 25_000)) }
            return
        }
        let measured = try await Self.measureInChild(test: "xmlPeak", role: "xml")
        print("memory: worlds decoder alone, XML \(measured.inputBytes) bytes: growth \(measured.growth.map { "\($0 >> 20) MiB" } ?? "not measured")")
        #expect((14_000_000...17_000_000).contains(measured.inputBytes))
        #expect(measured.worlds == 25_000 && measured.lastWorld == "24999|Australia 24999 (recommended)")
        if let growth = measured.growth {
            #expect(growth < 2 * measured.inputBytes, "peak grew by \(growth >> 20) MiB for \(measured.inputBytes >> 20) MiB of input")
        }
    }
}
#endif
