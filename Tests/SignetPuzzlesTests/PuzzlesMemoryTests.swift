import Foundation
import Signet
import SignetPuzzles
import SignetTestSupport
import SignetTransportTestSupport
import Testing

#if os(Linux)
/// What `PuzzlesClient` spends on a hostile `/puzzle` answer, measured through AsyncHTTPClient in a child
/// process (``AnswerMemory``): at most 4× the response limit (16 MiB) over the idle process (client and
/// transport set up, capabilities and one small puzzle decoded). Two answers: one as large as the transport
/// accepts (16 MiB), which the decoder's own 1 MiB limit refuses, and one at that 1 MiB limit made of the
/// smallest cells (`"A"`), which decodes and is refused for its shape. Each row checks the typed error too.
@Suite(.serialized) struct PuzzlesMemoryTests {
    static let limit = Client.defaultMaxResponseBytes
    static let bound = 4 * limit
    static let settings = HostilePuzzlesPeerTests.settings

    static func cells(_ size: Int) -> [UInt8] {
        AnswerMemory.filling(size, prefix: #"{"id":"p1","puzzle":[["#, element: #""A""#, last: #""Z""#, suffix: #"]],"words":[]}"#).bytes
    }

    static func measure(_ test: String, _ answer: [UInt8]) async throws -> AnswerMemory.Measurement {
        let puzzles = AnswerMemory.smallThenLarge(
            small: HostileHTTPPeer.response(HostilePuzzlesPeerTests.puzzle()), large: HostileHTTPPeer.response(bytes: answer))
        let capabilities = HostileHTTPPeer.response(HostilePuzzlesPeerTests.capabilities)
        let peer = try HostileHTTPPeer { $0.path == "/capabilities" ? capabilities : puzzles($0) }
        defer { peer.stop() }
        let measured = try await AnswerMemory.run(test: "PuzzlesMemoryTests.\(test)", transport: .asyncHTTPClient, baseURL: try peer.baseURL)
        print("memory: puzzles \(test) (\(answer.count) bytes): \(measured)")
        #expect(measured.growth <= bound, "\(test): \(measured)")
        return measured
    }

    /// In the child: the capabilities and a small puzzle, then the large answer; the error it ends in.
    static func child() async throws {
        guard let (kind, url) = AnswerMemory.childRole() else { return }
        let transport = (kind ?? .asyncHTTPClient).make(maxResponseBytes: limit)
        let client = PuzzlesClient(baseURL: url, transport: transport)
        let offered = try await client.capabilities()
        try await AnswerMemory.measureInChild(warmUp: { _ = try await client.puzzle(settings, offered: offered) }) {
            do {
                _ = try await client.puzzle(settings, offered: offered)
                return "decoded"
            } catch let error as PuzzlesClientError {
                if case .invalidPuzzle(.gridTooLarge) = error { return "gridTooLarge" }
                return "\(error)"
            } catch let error as SignetError {
                if case .bodyTooLarge(let limit, _) = error.kind { return "bodyTooLarge \(limit)" }
                return "\(error)"
            }
        }
    }

    @Test("a 16 MiB puzzle answer (refused past 1 MiB) costs at most 4× the limit")
    func transportLimit() async throws {
        if AnswerMemory.childRole() != nil { return try await Self.child() }
        let measured = try await Self.measure("transportLimit", Self.cells(Self.limit))
        #expect(measured.summary == "bodyTooLarge \(1 << 20)")
    }

    @Test("a 1 MiB puzzle of 262 000 one-letter cells costs at most 4× the limit")
    func decoderLimit() async throws {
        if AnswerMemory.childRole() != nil { return try await Self.child() }
        let measured = try await Self.measure("decoderLimit", Self.cells(1 << 20))
        #expect(measured.summary == "gridTooLarge")
    }
}
#endif
