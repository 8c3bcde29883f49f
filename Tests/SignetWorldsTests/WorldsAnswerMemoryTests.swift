import Foundation
import Signet
import SignetTestSupport
import SignetTransportTestSupport
import SignetWorlds
import Testing

#if os(Linux)
/// What `WorldsClient` spends on a worlds answer as large as the response limit (16 MiB), in each format,
/// measured through AsyncHTTPClient in a child process (``AnswerMemory``; the transports' own buffering is
/// compared in `GameSystemMemoryTests`): the peak resident size may grow by at most 4× the limit over the
/// idle process. Two shapes per format, both within the default limits (one million values; the binary
/// reader counts keys too): as many worlds that fail to decode as fit (a string where a world belongs),
/// and about as many valid worlds as the value limit allows, padded to fill the text answers. A binary
/// answer shares one object among all its references, so a small file expands to the value limit. Each ends in one valid world named `Last`, and the counts
/// are checked, so a decoder that drops elements cannot pass.
@Suite(.serialized) struct WorldsAnswerMemoryTests {
    static let limit = SignetClient.defaultMaxResponseBytes
    static let bound = 4 * limit
    static let device = DeviceIdentity(deviceId: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)))

    /// In the parent: serves `answer` after a small one, measures in a child and checks the bound and the counts.
    /// `suite` names the test's suite, for the child's filter.
    static func measure(
        _ test: String, in suite: String = "WorldsAnswerMemoryTests", _ answer: [UInt8],
        worlds: Int, failures: Int, extras: Int = 0
    ) async throws {
        try await measure(test, in: suite, answer, expecting: "\(worlds) \(failures) Last \(extras)")
    }

    /// In the parent: serves `answer` after a small one, measures in a child, checks the bound and that the
    /// child's summary contains `expected`.
    static func measure(_ test: String, in suite: String = "WorldsAnswerMemoryTests", _ answer: [UInt8],
                        expecting expected: String) async throws {
        #expect(answer.count <= limit)
        let peer = try HostileHTTPPeer(AnswerMemory.smallThenLarge(
            small: HostileHTTPPeer.response("{allAvailableWorlds=(\(WorldsAnswers.openStepWorld(name: "Small", padding: 0)));}", contentType: "text/plain"),
            large: HostileHTTPPeer.response(bytes: answer, contentType: "text/plain")))
        defer { peer.stop() }
        let measured = try await AnswerMemory.run(test: "\(suite).\(test)", transport: .asyncHTTPClient, baseURL: try peer.baseURL)
        print("memory: worlds \(test) (\(answer.count) bytes): \(measured)")
        #expect(measured.growth <= bound, "\(test): \(measured)")
        #expect(measured.summary.contains(expected), "\(test): \(measured)")
    }

    /// In the child: reads the small answer, then the large one, and summarises it.
    static func child() async throws {
        guard let (kind, url) = AnswerMemory.childRole() else { return }
        let transport = (kind ?? .asyncHTTPClient).make(maxResponseBytes: limit)
        let client = WorldsClient(baseURL: url, transport: transport, device: device)
        try await AnswerMemory.measureInChild(warmUp: { _ = try await client.worlds(login: "a", password: "b") }) {
            let response: WorldsResponse
            do {
                response = try await client.worlds(login: "a", password: "b")
            } catch let error as WorldsError {
                return "refused: \(error)"
            }
            // The first failures are listed, all are counted.
            let listed = response.failures.count == min(response.failureCount, WorldsDecoder.maximumReportedFailures)
            return "\(response.worlds.count) \(response.failureCount) \(response.worlds.last?.name ?? "-") \(response.extras.count)"
                + (listed ? "" : " (listed \(response.failures.count))")
        }
    }

    @Test("OpenStep: 16 MiB of worlds that fail (986 884 strings) costs at most 4× the limit")
    func openStepFailures() async throws {
        if AnswerMemory.childRole() != nil { return try await Self.child() }
        let answer = WorldsAnswers.openStepFailures(limit: Self.limit)
        try await Self.measure("openStepFailures", answer.bytes, worlds: 1, failures: answer.elements - 1)
    }

    @Test("OpenStep: 16 MiB of valid worlds (99 864, about the value limit) costs at most 4× the limit")
    func openStepWorlds() async throws {
        if AnswerMemory.childRole() != nil { return try await Self.child() }
        let answer = WorldsAnswers.openStepWorlds(limit: Self.limit)
        try await Self.measure("openStepWorlds", answer.bytes, worlds: answer.elements, failures: 0)
    }

    @Test("OpenStep: a root dictionary of 65 535 extra keys (the key limit) is read within 4× the limit")
    func openStepExtras() async throws {
        if AnswerMemory.childRole() != nil { return try await Self.child() }
        let keys = PropertyListLimits.default.maximumKeysPerDictionary - 1  // and the world list's key
        let answer = WorldsAnswers.openStepExtras(limit: Self.limit, keys: keys)
        #expect(answer.elements == keys)
        try await Self.measure("openStepExtras", answer.bytes, worlds: 1, failures: 0, extras: keys)
    }

    @Test("OpenStep: a 16 MiB root dictionary of 999 980 keys is refused at the key limit, within 4× the limit")
    func openStepKeyBomb() async throws {
        if AnswerMemory.childRole() != nil { return try await Self.child() }
        let answer = WorldsAnswers.openStepExtras(limit: Self.limit, keys: 999_980)
        #expect(answer.elements > 900_000)
        try await Self.measure("openStepKeyBomb", answer.bytes, expecting: "a dictionary of more than 65536 keys")
    }

    @Test("binary: one string shared by 999 950 failing worlds costs at most 4× the limit")
    func binaryFailures() async throws {
        if AnswerMemory.childRole() != nil { return try await Self.child() }
        let answer = WorldsAnswers.binary(references: 999_950, toWorld: false)
        try await Self.measure("binaryFailures", answer, worlds: 1, failures: 999_950)
    }

    @Test("binary: 15 MiB of data shared by 500 000 references in an extra key is read once, within 4× the limit")
    func binarySharedData() async throws {
        if AnswerMemory.childRole() != nil { return try await Self.child() }
        let answer = WorldsAnswers.binarySharedData(bytes: 15 << 20, references: 500_000)
        try await Self.measure("binarySharedData", answer, worlds: 1, failures: 0, extras: 1)
    }

    @Test("binary: a 15 MiB string as the url of one world shared 50 000 times fails each unparsed, within 4× the limit")
    func binarySharedLongURL() async throws {
        if AnswerMemory.childRole() != nil { return try await Self.child() }
        // Each reference counts the world's 18 values again: 50 000 stay under the value limit.
        let answer = WorldsAnswers.binarySharedLongURL(bytes: 15 << 20, references: 50_000)
        try await Self.measure("binarySharedLongURL", answer, worlds: 1, failures: 50_000)
    }

    @Test("binary: 44 000 worlds with strings of their own (none shared) cost at most 4× the limit")
    func binaryUniqueWorlds() async throws {
        if AnswerMemory.childRole() != nil { return try await Self.child() }
        let answer = try WorldsAnswers.binaryUniqueWorlds(count: 44_000)
        try await Self.measure("binaryUniqueWorlds", answer, worlds: 44_001, failures: 0)
    }

    @Test("binary: one world shared 52 000 times costs at most 4× the limit")
    func binaryWorlds() async throws {
        if AnswerMemory.childRole() != nil { return try await Self.child() }
        let answer = WorldsAnswers.binary(references: 52_000, toWorld: true)
        try await Self.measure("binaryWorlds", answer, worlds: 52_001, failures: 0)
    }
}

/// The XML half of ``WorldsAnswerMemoryTests``, in a suite of its own: a suite measures one child at a time, and
/// as one suite of eight children (about 50 s of children in a row, the XML ones the slowest) these were the last
/// tests of a full run to end, alone on the machine for its last 40 s.
@Suite(.serialized) struct WorldsAnswerMemoryXMLTests {
    typealias Measured = WorldsAnswerMemoryTests
    static let suite = "WorldsAnswerMemoryXMLTests"

    @Test("XML: 16 MiB of worlds that fail (932 033 strings) costs at most 4× the limit")
    func xmlFailures() async throws {
        if AnswerMemory.childRole() != nil { return try await Measured.child() }
        let answer = WorldsAnswers.xmlFailures(limit: Measured.limit)
        try await Measured.measure("xmlFailures", in: Self.suite, answer.bytes, worlds: 1, failures: answer.elements - 1)
    }

    @Test("XML: 16 MiB of valid worlds (34 520) costs at most 4× the limit")
    func xmlWorlds() async throws {
        if AnswerMemory.childRole() != nil { return try await Measured.child() }
        let answer = WorldsAnswers.xmlWorlds(limit: Measured.limit)
        try await Measured.measure("xmlWorlds", in: Self.suite, answer.bytes, worlds: answer.elements, failures: 0)
    }
}
#endif
