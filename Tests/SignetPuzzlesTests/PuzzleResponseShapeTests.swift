import Foundation
import HTTPTypes
import Signet
import SignetPuzzles
import Testing
import SignetTransportTestSupport

/// The client's whole `puzzle(_:)` path — capabilities from the real reference server, status
/// check, body limits, decoding, word checks, error mapping — fed `/puzzle` answers the reference
/// server never sends (a `location` wrapper, a column-major grid, a word that is not in the grid).
///
/// Why a stand-in: the reference server is shared by every test and only speaks the documented
/// shape, so these answers come from a middleware at the head of the client's chain that answers
/// `POST /puzzle` itself (the short-circuit the `SignetMiddleware` protocol documents). Everything else
/// goes to the real server.
@Suite("PuzzlesClient with other response shapes")
struct PuzzleResponseShapeTests {
    struct CannedPuzzleAnswer: SignetMiddleware {
        let status: HTTPResponse.Status
        let body: String
        var method: HTTPRequest.Method = .post
        var path = "/puzzle"

        func intercept(
            _ request: HTTPRequest, body requestBody: Body, context: CallContext,
            next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
        ) async throws -> (HTTPResponse, Body) {
            guard request.method == method, request.path == path else {
                return try await next(request, requestBody, context)
            }
            return (HTTPResponse(status: status, headerFields: [.contentType: "application/json"]), Body(body))
        }
    }

    static let settings = PuzzleSettings(
        width: 4, height: 3, words: 2, minLength: 3, maxLength: 4, capabilities: ["horizontal", "vertical"])

    /// Rows: CATS / OXEN / WQRZ. "COW" runs down column 0, "CATS" along row 0.
    static let rowMajorGrid = #"[["C","A","T","S"],["O","X","E","N"],["W","Q","R","Z"]]"#
    /// The same grid as columns.
    static let columnMajorGrid = #"[["C","O","W"],["A","X","Q"],["T","E","R"],["S","N","Z"]]"#

    func receive(_ kind: TransportKind, _ answer: CannedPuzzleAnswer) async throws -> ReceivedPuzzle {
        var received: ReceivedPuzzle?
        try await withPuzzlesClient(kind, extraMiddleware: [answer]) { client, _ in
            received = try await client.puzzle(Self.settings)
        }
        return try #require(received)
    }

    @Test("positions inside a location object", arguments: TransportKind.allCases)
    func location(kind: TransportKind) async throws {
        let received = try await receive(kind, CannedPuzzleAnswer(status: .ok, body: """
            {"id": 17, "puzzle": \(Self.rowMajorGrid), "words": [
              {"word": "COW", "location": {"x1": 0, "y1": 0, "x2": 0, "y2": 2}},
              {"word": "CATS", "location": {"x1": 0, "y1": 0, "x2": 3, "y2": 0}}]}
            """))
        #expect(received.puzzle.id == "17")
        #expect(received.layout == .rowMajor)
        #expect(received.puzzle.words.map(\.word) == ["COW", "CATS"])
        #expect(received.puzzle.words[0].end == GridPoint(x: 0, y: 2))
    }

    @Test("a column-major grid is detected by its words and turned row-major", arguments: TransportKind.allCases)
    func transposed(kind: TransportKind) async throws {
        let received = try await receive(kind, CannedPuzzleAnswer(status: .ok, body: """
            {"id": "t1", "puzzle": \(Self.columnMajorGrid), "words": [
              {"word": "COW", "x1": 0, "y1": 0, "x2": 0, "y2": 2},
              {"word": "CATS", "x1": 0, "y1": 0, "x2": 3, "y2": 0}]}
            """))
        #expect(received.layout == .columnMajor)
        #expect(received.puzzle.grid.stringRows == [["C", "A", "T", "S"], ["O", "X", "E", "N"], ["W", "Q", "R", "Z"]])
    }

    @Test("a word that is not in the grid is a typed error naming the word", arguments: TransportKind.allCases)
    func wordNotInGrid(kind: TransportKind) async throws {
        let error = try await #require(throws: PuzzlesClientError.self) {
            _ = try await receive(kind, CannedPuzzleAnswer(status: .ok, body: """
                {"id": "bad", "puzzle": \(Self.rowMajorGrid), "words": [
                  {"word": "COW", "x1": 0, "y1": 0, "x2": 0, "y2": 2},
                  {"word": "DOGS", "x1": 0, "y1": 1, "x2": 3, "y2": 1}]}
                """))
        }
        guard case let .invalidPuzzle(.wordNotInGrid(path, word, found, _, _)) = error else {
            Issue.record("expected wordNotInGrid, got \(error)")
            return
        }
        #expect(path == "$.words[1]")
        #expect(word == "DOGS")
        #expect(found == "OXEN")
        #expect(error.description.contains(#""DOGS" is not in the grid"#))
    }

    @Test("a body that is not a puzzle names the JSON path; a 422 without error_message keeps the body",
          arguments: TransportKind.allCases)
    func malformedAndBareRefusal(kind: TransportKind) async throws {
        let malformed = try await #require(throws: PuzzlesClientError.self) {
            _ = try await receive(kind, CannedPuzzleAnswer(status: .ok, body: #"{"id": "x", "puzzle": [["A"]], "words": [{"word": "A", "x1": 0}]}"#))
        }
        #expect(malformed == .invalidPuzzle(.malformed(path: "$.words[0].y1", reason: "required field is missing")))

        let bare = try await #require(throws: PuzzlesClientError.self) {
            _ = try await receive(kind, CannedPuzzleAnswer(status: .unprocessableContent, body: "grid too small"))
        }
        #expect(bare == .refused(reason: "grid too small"))
    }

    @Test("a capability list that is not one names the JSON path", arguments: TransportKind.allCases)
    func malformedCapabilities(kind: TransportKind) async throws {
        let answer = CannedPuzzleAnswer(
            status: .ok, body: #"[{"name": "Horizontal", "description": "rows", "keyword": 3}]"#,
            method: .get, path: "/capabilities")
        try await withPuzzlesClient(kind, extraMiddleware: [answer]) { client, _ in
            let error = try await #require(throws: PuzzlesClientError.self) { try await client.capabilities() }
            guard case let .invalidCapabilityList(.malformed(path, _)) = error else {
                Issue.record("expected a malformed capability list, got \(error)")
                return
            }
            #expect(path == "$[0].keyword")
        }
    }
}
