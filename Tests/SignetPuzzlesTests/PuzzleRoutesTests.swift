import Foundation
import HTTPTypes
import Signet
import SignetPuzzles
import SignetServer
import Testing
import SignetTransportTestSupport

/// The reference server's puzzle routes driven with raw requests, bypassing the client's own
/// checks, so the server's answers to bad input are seen as they are.
@Suite("Reference server puzzle routes")
struct PuzzleRoutesTests {
    /// POSTs `body` to `/puzzle` and returns the status and the body's text.
    func post(_ body: String, to client: SignetClient) async throws -> (status: Int, text: String) {
        let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/puzzle",
                                  headerFields: [.contentType: "application/json"])
        let (response, responseBody) = try await client.send(request, body: Body(body), operation: "test")
        let bytes = try await responseBody.collect(upTo: 1 << 20)
        return (response.status.code, String(decoding: bytes, as: UTF8.self))
    }

    func errorMessage(_ text: String) throws -> String {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try #require(object["error_message"] as? String)
    }

    @Test("an undecodable body gets 400 naming the JSON path", arguments: TransportKind.allCases)
    func badBody(kind: TransportKind) async throws {
        try await withPuzzlesClient(kind) { puzzles, _ in
            let wrongType = try await post(
                #"{"width": "wide", "height": 5, "words": 2, "minLength": 3, "maxLength": 4, "capabilities": ["horizontal"]}"#,
                to: puzzles.client)
            #expect(wrongType.status == 400)
            #expect(try errorMessage(wrongType.text).contains("at $.width:"))

            let nested = try await post(
                #"{"width": 5, "height": 5, "words": 2, "minLength": 3, "maxLength": 4, "capabilities": ["horizontal", 7]}"#,
                to: puzzles.client)
            #expect(nested.status == 400)
            #expect(try errorMessage(nested.text).contains("at $.capabilities[1]:"))

            let missing = try await post(#"{"width": 5, "height": 5}"#, to: puzzles.client)
            #expect(missing.status == 400)
            #expect(try errorMessage(missing.text).contains("required field is missing"))

            let notJSON = try await post("width=5", to: puzzles.client)
            #expect(notJSON.status == 400)

            let padding = String(repeating: " ", count: 70 * 1024)
            let oversized = try await post(
                #"{"width": 5, "height": 5, "words": 2, "minLength": 3, "maxLength": 4, "capabilities": ["horizontal"]}"#
                    + padding, to: puzzles.client)
            #expect(oversized.status == 413)
        }
    }

    @Test("the server itself refuses angle when it does not offer it, and unknown keywords, with 422",
          arguments: TransportKind.allCases)
    func serverSideRefusal(kind: TransportKind) async throws {
        try await withPuzzlesClient(kind, configuration: .init(puzzlesOfferAngle: false)) { puzzles, _ in
            let angle = try await post(
                #"{"width": 8, "height": 8, "words": 2, "minLength": 3, "maxLength": 4, "capabilities": ["angle"]}"#,
                to: puzzles.client)
            #expect(angle.status == 422)
            #expect(try errorMessage(angle.text).contains(#"does not offer "angle""#))

            let diagonal = try await post(
                #"{"width": 8, "height": 8, "words": 2, "minLength": 3, "maxLength": 4, "capabilities": ["horizontal", "diagonal"]}"#,
                to: puzzles.client)
            #expect(diagonal.status == 422)
            #expect(try errorMessage(diagonal.text).contains(#""diagonal""#))

            let tooWide = try await post(
                #"{"width": 500, "height": 8, "words": 2, "minLength": 3, "maxLength": 4, "capabilities": ["horizontal"]}"#,
                to: puzzles.client)
            #expect(tooWide.status == 422)
            #expect(try errorMessage(tooWide.text).hasPrefix("width:"))
        }
    }

    @Test("a generated response has the documented shape: id, row-major puzzle, flat positions",
          arguments: TransportKind.allCases)
    func responseShape(kind: TransportKind) async throws {
        try await withPuzzlesClient(kind) { puzzles, _ in
            let answer = try await post(
                #"{"width": 7, "height": 5, "words": 3, "minLength": 3, "maxLength": 5, "capabilities": ["horizontal"]}"#,
                to: puzzles.client)
            #expect(answer.status == 200)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any])
            #expect(object["id"] is String)
            let rows = try #require(object["puzzle"] as? [[String]])
            #expect(rows.count == 5)
            #expect(rows.allSatisfy { $0.count == 7 })
            let words = try #require(object["words"] as? [[String: Any]])
            #expect(words.count == 3)
            for word in words {
                #expect(Set(word.keys) == ["word", "x1", "y1", "x2", "y2"])
            }
        }
    }
}
