import Foundation
import HTTPTypes
import Signet
import SignetServer
import SignetTestSupport
import SignetTransportTestSupport

/// The GameSystem calls the tests make, through real clients (signed with the demo keys).
struct GameSystemCalls {
    let client: SignetClient
    let admin: SignetClient

    static let playerPath = "/acme/client/players/ann"
    static let componentsPath = "/acme/client/avatar_components"
    static let eventsPath = "/acme/admin/player_external_events"

    init(_ server: ReferenceServer, _ transport: TransportKind, clock: ManualClock, retry: RetryMiddleware = .fast) throws {
        client = try signedClient(server, transport, key: .client, clock: clock.reading(), retry: retry)
        admin = try signedClient(server, transport, key: .admin, clock: clock.reading(), retry: retry)
    }

    func player(_ path: String = playerPath) async throws -> PlayerJSON {
        try await client.send(request(.get, path), context: client.makeContext(operation: "getPlayer"),
                              decoding: PlayerJSON.self)
    }

    func components() async throws -> [AvatarComponentJSON] {
        try await client.send(request(.get, Self.componentsPath), context: client.makeContext(operation: "components"),
                              decoding: [AvatarComponentJSON].self)
    }

    func updateAvatar(_ json: String) async throws -> PlayerJSON {
        try await client.send(request(.put, Self.playerPath), body: Body(json),
                              context: client.makeContext(operation: "updatePlayer"), decoding: PlayerJSON.self)
    }

    func post(event: String, player: String = "ann", idempotencyKey: String? = nil) async throws -> EventResultJSON {
        var fields = HTTPFields()
        if let idempotencyKey { fields[field("Idempotency-Key")] = idempotencyKey }
        let body = Body(#"{"player": "\#(player)", "external_event_id": "\#(event)"}"#)
        return try await admin.send(request(.post, Self.eventsPath, fields: fields), body: body,
                                    context: admin.makeContext(operation: "postEvent"), decoding: EventResultJSON.self)
    }
}
