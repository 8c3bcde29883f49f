import Foundation
import SignetTestSupport
import SignetTransportTestSupport
import SignetTrivia
import Testing

#if os(Linux)
/// What a ``TriviaConnection`` spends on one text frame as large as the socket's read limit (16 MiB, the
/// HTTP response limit), measured in a child process (``AnswerMemory``): the peak resident size may grow by
/// at most 4× the limit over the idle process (the socket open, the `welcome` decoded). The peer sends the
/// large frame, then `finish`, only when the child asks (a text frame of its own), so nothing of it can
/// arrive before the idle process is measured. The frame is over the 1 MiB message limit: the client must
/// report it undecodable, naming the limit, and still finish the game.
@Suite(.serialized) struct TriviaMemoryTests {
    static let limit = 16 << 20
    static let bound = 4 * limit

    @Test("a 16 MiB text frame costs at most 4× the limit")
    func largeTextFrame() async throws {
        if let (_, url) = AnswerMemory.childRole() {
            let connection = try await TriviaConnection.open(baseURL: url, user: "ann")
            var events = connection.events.makeAsyncIterator()
            try await AnswerMemory.measureInChild(warmUp: {
                while let event = await events.next() { if case .handled = event { break } }
            }) {
                try await connection.sendUnchecked(text: "go")
                var reported = "-"
                while let event = await events.next() {
                    if case .undecodable(.tooLarge(let count, let limit)) = event { reported = "tooLarge \(count) \(limit)" }
                    if case .ended(let end) = event {
                        if case .finished = end { return "\(reported) finished" }
                        return "\(reported) \(end)"
                    }
                }
                return "\(reported) no end"
            }
            return
        }
        let frame = #"{"type":"welcome","pad":""# + String(repeating: "x", count: Self.limit - 27) + #""}"#
        #expect(frame.utf8.count == Self.limit)
        let peer = try HostileWebSocketPeer(.init(texts: [HostileServerTests.welcome], onClientText: [.text(frame), .text(HostileServerTests.finish)]))
        defer { peer.stop() }
        let measured = try await AnswerMemory.run(test: "TriviaMemoryTests.largeTextFrame", transport: nil, baseURL: try peer.baseURL)
        print("memory: trivia 16 MiB text frame: \(measured)")
        #expect(measured.growth <= Self.bound, "\(measured)")
        #expect(measured.summary == "tooLarge \(Self.limit) \(1 << 20) finished", "\(measured)")
    }
}
#endif
