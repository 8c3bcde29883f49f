import Foundation
import Testing
@testable import SignetTrivia

/// Keeps docs/trivia-protocol.md honest: every JSON example in it decodes as a message (or the
/// jokers response) and encodes back to exactly the same text.
@Suite("Protocol document examples")
struct ProtocolDocumentTests {
    static let documentURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/trivia-protocol.md")

    static func jsonBlocks() throws -> [String] {
        let text = try String(contentsOf: documentURL, encoding: .utf8)
        return text.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
    }

    @Test func everyExampleRoundTrips() throws {
        let blocks = try Self.jsonBlocks()
        #expect(blocks.count >= 12)
        var types: Set<String> = []
        for block in blocks {
            if let client = try? TriviaClientMessage.decode(block) {
                #expect(client.jsonText == block)
                types.insert(client.typeName)
            } else if let server = try? TriviaServerMessage.decode(block) {
                #expect(server.jsonText == block)
                types.insert(server.typeName)
            } else {
                let jokers = try TriviaJokersResponse.decode(bytes: Array(block.utf8))
                #expect(jokers.jsonText == block)
            }
        }
        #expect(types == Set(TriviaClientMessage.typeNames + TriviaServerMessage.typeNames))
    }
}
