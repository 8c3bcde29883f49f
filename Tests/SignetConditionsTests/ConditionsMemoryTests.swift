import Foundation
import Signet
import SignetConditions
import SignetTestSupport
import SignetTransportTestSupport
import Testing

#if os(Linux)
/// What `ConditionsClient` spends on a hostile condition list, measured through AsyncHTTPClient in a child
/// process (``AnswerMemory``): at most 4× the response limit (16 MiB) over the idle process (client and
/// transport set up, one small list decoded). Two answers: one as large as the transport accepts (16 MiB),
/// which the parser's own 1 MiB input limit refuses, and one at that limit made of the smallest summaries,
/// which decodes (its count and last entry are checked).
@Suite(.serialized) struct ConditionsMemoryTests {
    static let limit = Client.defaultMaxResponseBytes
    static let bound = 4 * limit

    static func summaries(_ size: Int) -> (bytes: [UInt8], elements: Int) {
        AnswerMemory.filling(size, prefix: "[", element: #"{"name":"","_id":""}"#, last: #"{"name":"Last","_id":"9"}"#, suffix: "]")
    }

    static func measure(_ test: String, _ answer: [UInt8]) async throws -> AnswerMemory.Measurement {
        let peer = try HostileHTTPPeer(AnswerMemory.smallThenLarge(
            small: HostileHTTPPeer.response(#"[{"name":"a","_id":"1"}]"#), large: HostileHTTPPeer.response(bytes: answer)))
        defer { peer.stop() }
        let measured = try await AnswerMemory.run(test: "ConditionsMemoryTests.\(test)", transport: .asyncHTTPClient, baseURL: try peer.baseURL)
        print("memory: conditions \(test) (\(answer.count) bytes): \(measured)")
        #expect(measured.growth <= bound, "\(test): \(measured)")
        return measured
    }

    /// In the child: a small list, then the large answer; its count and last name, or the error.
    static func child() async throws {
        guard let (kind, url) = AnswerMemory.childRole() else { return }
        let transport = (kind ?? .asyncHTTPClient).make(maxResponseBytes: limit)
        let client = ConditionsClient(baseURL: url, transport: transport)
        try await AnswerMemory.measureInChild(warmUp: { _ = try await client.conditions() }) {
            do {
                let list = try await client.conditions()
                return "\(list.count) \(list.last?.name ?? "-")"
            } catch let error as SignetError {
                if case .bodyTooLarge(let limit, _) = error.kind { return "bodyTooLarge \(limit)" }
                return "\(error)"
            }
        }
    }

    @Test("a 16 MiB condition list (refused past 1 MiB) costs at most 4× the limit")
    func transportLimit() async throws {
        if AnswerMemory.childRole() != nil { return try await Self.child() }
        let measured = try await Self.measure("transportLimit", Self.summaries(Self.limit).bytes)
        #expect(measured.summary == "bodyTooLarge \(1 << 20)")
    }

    @Test("a 1 MiB list of 52 000 summaries costs at most 4× the limit")
    func decoderLimit() async throws {
        if AnswerMemory.childRole() != nil { return try await Self.child() }
        let answer = Self.summaries(1 << 20)
        let measured = try await Self.measure("decoderLimit", answer.bytes)
        #expect(measured.summary == "\(answer.elements) Last")
    }
}
#endif
