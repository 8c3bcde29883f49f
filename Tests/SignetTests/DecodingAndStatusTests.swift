import Foundation
import HTTPTypes
import Signet
import Testing

@Suite("JSON decoding and status errors")
struct DecodingAndStatusTests {
    struct Player: Decodable {
        struct PointType: Decodable { let name: String; let amount: Int }
        struct Avatar: Decodable { let Top: Int }
        let id: String
        let pointTypes: [PointType]
        let avatar: Avatar?
        enum CodingKeys: String, CodingKey { case id, pointTypes = "point_types", avatar }
    }

    func decodingFailure(_ json: String) -> (path: String, reason: String)? {
        do {
            _ = try SignetClient.decodeJSON(Player.self, from: Array(json.utf8))
            return nil
        } catch let error as SignetError {
            if case .decoding(let path, let reason) = error.kind { return (path, reason) }
            return nil
        } catch {
            return nil
        }
    }

    @Test("a wrong type deep in an array is reported by its JSON path")
    func typeMismatchPath() {
        let failure = decodingFailure(#"{"id":"ann","point_types":[{"name":"a","amount":1},{"name":"b","amount":"x"}]}"#)
        #expect(failure?.path == "$.point_types[1].amount")
    }

    @Test("a missing key is reported with the key in the path")
    func missingKeyPath() {
        let failure = decodingFailure(#"{"id":"ann","point_types":[{"name":"a"}]}"#)
        #expect(failure?.path == "$.point_types[0].amount")
        #expect(failure?.reason == "required field is missing")
    }

    @Test("a null where a value is required is reported at its path")
    func nullPath() {
        let failure = decodingFailure(#"{"id":"ann","point_types":[],"avatar":{"Top":null}}"#)
        #expect(failure?.path == "$.avatar.Top")
    }

    @Test("malformed JSON is reported at the root")
    func malformed() {
        #expect(decodingFailure("{not json")?.path == "$")
    }

    @Test("decodeJSON through the client fills in the operation and refuses oversized bodies")
    func clientDecode() async throws {
        let client = makeClient(RecordingTransport(), [])
        let player = try await client.decodeJSON(Player.self, from: Body(#"{"id":"ann","point_types":[]}"#))
        #expect(player.id == "ann")
        let error = await signetError {
            _ = try await client.decodeJSON(Player.self, from: Body(#"{"id":1}"#), operation: "getPlayer")
        }
        #expect(error?.description == "getPlayer: response does not decode at $.id: expected a string")
        let tooLarge = await signetError {
            _ = try await client.decodeJSON(Player.self, from: Body(#"{"id":"ann","point_types":[]}"#), maxBytes: 4)
        }
        #expect(tooLarge?.kind.name == "bodyTooLarge")
    }

    @Test("a non-2xx JSON error body yields the server's error_message")
    func serverMessage() async throws {
        let client = makeClient(RecordingTransport(), [])
        let error = await signetError {
            try await client.checkStatus(HTTPResponse(status: .unauthorized),
                                         body: Body(#"{"error_message":"date-outside-window"}"#), operation: "getPlayer")
        }
        guard case .httpStatus(let status, let message, _)? = error?.kind else {
            Issue.record("expected httpStatus, got \(String(describing: error))")
            return
        }
        #expect(status == .unauthorized)
        #expect(message == "date-outside-window")
        #expect(error?.status == .unauthorized)
        #expect(error?.description == #"getPlayer: HTTP 401 Unauthorized: server says "date-outside-window""#)
    }

    @Test("a non-JSON error body yields a truncated, lossy preview")
    func rawPreview() async throws {
        let client = makeClient(RecordingTransport(), [])
        let text = Array("bad\ngateway ".utf8) + [0xFF] + [UInt8](repeating: 0x61, count: 600)
        let error = await signetError { try await client.checkStatus(HTTPResponse(status: .badGateway), body: Body(text)) }
        guard case .httpStatus(_, let message, let preview)? = error?.kind else {
            Issue.record("expected httpStatus, got \(String(describing: error))")
            return
        }
        #expect(message == nil)
        #expect(preview.hasPrefix("bad gateway \u{FFFD}aaa"))
        #expect(preview.hasSuffix("…"))
        #expect(preview.count == 512 + 1)
    }

    @Test("a 2xx response passes checkStatus")
    func success() async throws {
        try await makeClient(RecordingTransport(), []).checkStatus(HTTPResponse(status: .noContent), body: .empty)
    }

    @Test("send(decoding:) checks the status and decodes, with context on failure")
    func sendDecoding() async throws {
        let transport = RecordingTransport([
            .response(.make(.ok), #"{"id":"ann","point_types":[{"name":"xp","amount":5}]}"#),
            .response(.make(.notFound), #"{"error_message":"no such player"}"#),
        ])
        let client = makeClient(transport, [])
        let player = try await client.send(.make(.get, "/players/ann"), context: client.makeContext(operation: "getPlayer"),
                                           decoding: Player.self)
        #expect(player.pointTypes.first?.amount == 5)
        let error = await signetError {
            _ = try await client.send(.make(.get, "/players/bob"), context: client.makeContext(operation: "getPlayer"),
                                      decoding: Player.self)
        }
        #expect(error?.description == #"getPlayer GET /v1/players/bob: HTTP 404 Not Found: server says "no such player""#)
    }
}
