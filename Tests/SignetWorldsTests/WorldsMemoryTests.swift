import Foundation
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
/// Bounds: 10× the input for OpenStep text (measured 5.5×; 14× before streaming and compact
/// dictionaries), 4× for XML (measured 1.8×; 6.7× through Foundation). ``StreamingReadTests`` checks the
/// property behind the numbers without measuring memory.
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
    static let childVariable = "SIGNET_WORLDS_MEMORY_CHILD"
    static let marker = "SIGNET-WORLDS-MEMORY"

    /// What a child measured.
    struct Measurement {
        var inputBytes: Int
        var growth: Int?
        var worlds: Int
        var lastWorld: String
    }

    /// In the child: decodes `bytes` and prints the measurement on one line for the parent.
    static func measureAndReport(_ bytes: [UInt8]) throws {
        var response = WorldsResponse(worlds: [])
        let growth = try peakGrowth { response = try WorldsDecoder(limits: limits).decode(bytes, contentType: nil) }
        let last = response.worlds.last.map { "\($0.id)|\($0.name)" } ?? ""
        let report = "\(marker) input=\(bytes.count) growth=\(growth.map(String.init) ?? "none") worlds=\(response.worlds.count) last=\(last)"
        FileHandle.standardOutput.write(Data(("\n" + report + "\n").utf8))
    }

    struct ChildFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the test `name` of this suite in a child process with the child variable set to `role`, and
    /// returns what it reported.
    static func measureInChild(test name: String, role: String) async throws -> Measurement {
        let output: String = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                    process.arguments = ["--testing-library", "swift-testing", "--filter", "WorldsMemoryTests.\(name)"]
                    process.environment = ProcessInfo.processInfo.environment.merging([childVariable: role]) { $1 }
                    let pipe = Pipe()
                    process.standardOutput = pipe
                    process.standardError = FileHandle.nullDevice
                    try process.run()
                    let data = pipe.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    return String(decoding: data, as: UTF8.self)
                })
            }
        }
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix(marker) }) else {
            throw ChildFailure(description: "the child reported nothing; its output ended with: \(output.suffix(600))")
        }
        var fields: [String: String] = [:]
        for field in line.split(separator: " ").dropFirst() {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let input = fields["input"].flatMap({ Int($0) }), let worlds = fields["worlds"].flatMap({ Int($0) }) else {
            throw ChildFailure(description: "unreadable report: \(line)")
        }
        let last = String(line[(line.range(of: " last=")?.upperBound ?? line.endIndex)...])
        return Measurement(inputBytes: input, growth: fields["growth"].flatMap { Int($0) }, worlds: worlds, lastWorld: last)
    }

    @Test("a 15 MB OpenStep answer of 100 000 worlds decodes within 10× its size")
    func openStepPeak() async throws {
        if let role = ProcessInfo.processInfo.environment[Self.childVariable] {
            if role == "openStep" { try Self.measureAndReport(Self.openStepAnswer(worlds: Self.worldCount)) }
            return
        }
        let measured = try await Self.measureInChild(test: "openStepPeak", role: "openStep")
        #expect((14_000_000...17_000_000).contains(measured.inputBytes))
        #expect(measured.worlds == Self.worldCount && measured.lastWorld == "99999|World 99999")
        if let growth = measured.growth {
            #expect(growth < 10 * measured.inputBytes, "peak grew by \(growth >> 20) MiB for \(measured.inputBytes >> 20) MiB of input")
        }
    }

    @Test("a 15 MB XML answer decodes within 4× its size")
    func xmlPeak() async throws {
        if let role = ProcessInfo.processInfo.environment[Self.childVariable] {
            if role == "xml" { try Self.measureAndReport(Self.xmlAnswer(worlds: 25_000)) }
            return
        }
        let measured = try await Self.measureInChild(test: "xmlPeak", role: "xml")
        #expect((14_000_000...17_000_000).contains(measured.inputBytes))
        #expect(measured.worlds == 25_000 && measured.lastWorld == "24999|Australia 24999 (recommended)")
        if let growth = measured.growth {
            #expect(growth < 4 * measured.inputBytes, "peak grew by \(growth >> 20) MiB for \(measured.inputBytes >> 20) MiB of input")
        }
    }
}
#endif
