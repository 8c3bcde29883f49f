import Foundation
import Signet
import SignetGameSystem
import SignetTestSupport
import SignetTransportTestSupport
import Testing

#if os(Linux)
/// What `GameSystemClient` spends on an answer as large as the response limit (16 MiB) made of the densest
/// valid elements, measured through a real transport in a child process (``AnswerMemory``): the peak
/// resident size may grow by at most 4× the limit over the idle process (client and transport set up, one
/// small answer decoded). The decoded value is checked too, so a decoder that drops elements cannot pass.
@Suite(.serialized) struct GameSystemMemoryTests {
    static let limit = Client.defaultMaxResponseBytes
    static let bound = 4 * limit
    static let small = HostileHTTPPeer.response(
        #"{"id":"7","nickname":"Ann","point_types":[],"achievements":[],"avatar":{},"message":"","rule_results":{}}"#)

    /// A player whose achievements fill the limit: `{"id":1,"name":""}` is the smallest valid achievement.
    static let player = AnswerMemory.filling(
        limit, prefix: #"{"id":"7","nickname":"Ann","point_types":[{"name":"points","amount":1}],"achievements":["#,
        element: #"{"id":1,"name":""}"#, last: #"{"id":"last","name":"Last"}"#, suffix: #"],"avatar":{"Top":1}}"#)

    /// One avatar component whose options fill the limit.
    static let components = AnswerMemory.filling(
        limit, prefix: #"[{"id":1,"name":"Top","options":["#, element: #"{"id":1,"name":""}"#,
        last: #"{"id":2,"name":"Last"}"#, suffix: "]}]")

    /// An event result whose awarded achievements fill the limit.
    static let event = AnswerMemory.filling(
        limit, prefix: #"{"message":"ok","rule_results":{"points_awarded":{"points":1},"achievements_awarded":["#,
        element: #"{"achievement_id":1}"#, last: #"{"achievement_id":"last"}"#, suffix: "]}}")

    static func client(_ transport: TransportKind, _ baseURL: URL) throws -> GameSystemPlayerClient {
        let credentials = try GameSystemCredentials(apiKey: "memory", secret: "memory-secret")
        return GameSystemClient(baseURL: baseURL, tenant: "acme", credentials: credentials,
                                adminCredentials: credentials, transport: transport.make(maxResponseBytes: limit)).forPlayer("ann")
    }

    /// In the parent: serves `answer` after a small one, measures in a child and checks the bound.
    static func measure(_ test: String, _ answer: [UInt8], transport: TransportKind) async throws -> AnswerMemory.Measurement {
        #expect(answer.count <= limit && answer.count > limit - 64)
        let peer = try HostileHTTPPeer(AnswerMemory.smallThenLarge(small: small, large: HostileHTTPPeer.response(bytes: answer)))
        defer { peer.stop() }
        let measured = try await AnswerMemory.run(test: "GameSystemMemoryTests.\(test)", transport: transport, baseURL: try peer.baseURL)
        #expect(measured.growth <= bound, "\(test) over \(transport): \(measured)")
        print("memory: GameSystem \(test) over \(transport.rawValue): \(measured)")
        return measured
    }

    @Test("a 16 MiB player of 883 005 achievements costs at most 4× the limit", arguments: TransportKind.allCases)
    func player(transport: TransportKind) async throws {
        if let (kind, url) = AnswerMemory.childRole() {
            guard kind == transport else { return }
            let client = try Self.client(transport, url)
            try await AnswerMemory.measureInChild(warmUp: { _ = try await client.player() }) {
                let player = try await client.player()
                return "\(player.achievements.count) \(player.achievements.last?.name ?? "-") \(player.avatar["Top"] ?? 0)"
            }
            return
        }
        let measured = try await Self.measure("player", Self.player.bytes, transport: transport)
        #expect(measured.summary == "\(Self.player.elements) Last 1")
    }

    @Test("16 MiB of avatar options cost at most 4× the limit")
    func avatarComponents() async throws {
        if let (kind, url) = AnswerMemory.childRole() {
            let client = try Self.client(kind ?? .asyncHTTPClient, url)
            try await AnswerMemory.measureInChild(warmUp: { _ = try await client.player() }) {
                let components = try await client.avatarComponents()
                return "\(components.count) \(components.first?.options.count ?? 0) \(components.first?.options.last?.name ?? "-")"
            }
            return
        }
        let measured = try await Self.measure("avatarComponents", Self.components.bytes, transport: .asyncHTTPClient)
        #expect(measured.summary == "1 \(Self.components.elements) Last")
    }

    @Test("a 16 MiB event result of awarded achievements costs at most 4× the limit")
    func externalEvent() async throws {
        if let (kind, url) = AnswerMemory.childRole() {
            let client = try Self.client(kind ?? .asyncHTTPClient, url)
            try await AnswerMemory.measureInChild(warmUp: { _ = try await client.player() }) {
                let result = try await client.postExternalEvent("Magic")
                return "\(result.achievementsAwarded.count) \(result.achievementsAwarded.last?.achievementID.text ?? "-")"
            }
            return
        }
        let measured = try await Self.measure("externalEvent", Self.event.bytes, transport: .asyncHTTPClient)
        #expect(measured.summary == "\(Self.event.elements) last")
    }
}
#endif
