// OpenAPIClient: the client swift-openapi-generator made from docs/openapi.yaml (Generated/), with every attempt
// signed by SignetOpenAPIMiddleware, against an embedded reference server: read the player, post Magic with
// an Idempotency-Key (the server answers 503 once, so the middleware retries the POST, signed anew), read the
// player again and show the points going up. Exits 1 on any failure.
// Run: swift run --package-path Examples/OpenAPIClient OpenAPIClient
import Foundation
import Logging
import OpenAPIAsyncHTTPClient
import Signet
import SignetGameSystem
import SignetOpenAPI
import SignetOpenAPIAsyncHTTPClient
import SignetServer

/// A failure this example explains.
struct ExampleFailure: Error, CustomStringConvertible {
    let description: String
}

/// The demo player's points in a player answer.
func points(_ player: Components.Schemas.Player) -> Int64 {
    player.pointTypes.first { $0.name == "points" }?.amount ?? 0
}

/// Reads the player, posts Magic (once retried), reads the player again; throws unless the points went up.
func run(server: ReferenceServer, transport: AsyncHTTPClientTransport) async throws {
    let offsets = ClockOffsetStore()   // one per server: both keys' requests learn and use the same clock offset
    let logger = Logger(label: "openapi-client")
    func client(apiKey: String, secret: String) throws -> Client {
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: apiKey, secret: secret))
        return Client(serverURL: server.baseURL, transport: transport,
                      middlewares: [SignetOpenAPIMiddleware(signer: signer, clockOffsets: offsets, logger: logger)])
    }
    let player = try client(apiKey: DemoCredentials.clientKey, secret: DemoCredentials.clientSecret)
    let admin = try client(apiKey: DemoCredentials.adminKey, secret: DemoCredentials.adminSecret)

    // `Date`, `Content-MD5` and `Authorization` are the document's security schemes: the middleware writes all
    // three on every attempt, and the generated calls have no parameter for them.
    let path = Operations.GetPlayer.Input.Path(tenant: DemoCredentials.tenant, player: DemoCredentials.player)
    let before = try await player.getPlayer(path: path).ok.body.json

    server.faults.inject(.serviceUnavailable(retryAfter: "0"), count: 1, pathPrefix: "/\(DemoCredentials.tenant)/admin/")
    let magic = try await admin.postExternalEvent(
        path: .init(tenant: DemoCredentials.tenant),
        headers: .init(idempotencyKey: UUID().uuidString),
        body: .json(.init(player: DemoCredentials.player, externalEventId: "Magic"))
    ).ok.body.json
    let after = try await player.getPlayer(path: path).ok.body.json

    print("player: \(before.nickname) (\(before.extId))")
    print("Magic: \(magic.message)")
    print("injected 503s: \(server.faults.appliedCount) (the POST was retried, each attempt signed anew)")
    print("points: \(points(before)) → \(points(after)) (+\(points(after) - points(before)))")
    guard points(after) > points(before) else {
        throw ExampleFailure(description: "the points did not go up: \(points(before)) → \(points(after))")
    }
}

// Logs to stderr, `warning` and above unless SIGNET_LOG_LEVEL says otherwise (`info`: one line per attempt).
let level = ProcessInfo.processInfo.environment["SIGNET_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = level
    return handler
}

// A signed request must not follow a redirect to another origin: this transport's client follows none
// (a ClientMiddleware sees only the final answer, so it could not tell afterwards).
let transport = SignetOpenAPITransport.asyncHTTPClient(timeout: .seconds(30))

var failure: (any Error)?
do {
    let server = try await ReferenceServer.start()
    do {
        try await run(server: server, transport: transport)
    } catch {
        failure = error
    }
    await server.stop()
} catch {
    failure = error
}
if let failure {
    FileHandle.standardError.write(Data("OpenAPIClient: \(failure)\n".utf8))
    exit(1)
}
