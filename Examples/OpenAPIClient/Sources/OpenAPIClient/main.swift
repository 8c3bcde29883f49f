// OpenAPIClient: the client swift-openapi-generator made from docs/openapi.yaml (Generated/), with every attempt
// signed by SignetOpenAPIMiddleware, against the reference server at SIGNET_BASE_URL: read the player, post
// Magic with an Idempotency-Key, read the player again and show the points going up. Exits 1 on any failure.
// Run: swift run signet-server (it prints its URL), then
//      SIGNET_BASE_URL=http://127.0.0.1:PORT swift run --package-path Examples/OpenAPIClient OpenAPIClient
import Foundation
import Logging
import OpenAPIAsyncHTTPClient
import Signet
import SignetGameSystem
import SignetOpenAPI
import SignetOpenAPIAsyncHTTPClient

/// The reference server's demo tenant, player and keys (public demo values that `signet-server` prints).
enum Demo {
    static let tenant = "acme"
    static let player = "ann"
    static let clientKey = "demo-client"
    static let clientSecret = "demo-client-secret"
    static let adminKey = "demo-admin"
    static let adminSecret = "demo-admin-secret"
}

/// A failure this example explains.
struct ExampleFailure: Error, CustomStringConvertible {
    let description: String
}

/// The demo player's points in a player answer.
func points(_ player: Components.Schemas.Player) -> Int64 {
    player.pointTypes.first { $0.name == "points" }?.amount ?? 0
}

/// Reads the player, posts Magic (once retried), reads the player again; throws unless the points went up.
func run(serverURL: URL, transport: AsyncHTTPClientTransport) async throws {
    let offsets = ClockOffsetStore()   // one per server: both keys' requests learn and use the same clock offset
    let logger = Logger(label: "openapi-client")
    func client(apiKey: String, secret: String) throws -> Client {
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: apiKey, secret: secret))
        return Client(serverURL: serverURL, transport: transport,
                      middlewares: [SignetOpenAPIMiddleware(signer: signer, clockOffsets: offsets, logger: logger)])
    }
    let player = try client(apiKey: Demo.clientKey, secret: Demo.clientSecret)
    let admin = try client(apiKey: Demo.adminKey, secret: Demo.adminSecret)

    // `Date`, `Content-MD5` and `Authorization` are the document's security schemes: the middleware writes all
    // three on every attempt, and the generated calls have no parameter for them.
    let path = Operations.GetPlayer.Input.Path(tenant: Demo.tenant, player: Demo.player)
    let before = try await player.getPlayer(path: path).ok.body.json

    let magic = try await admin.postExternalEvent(
        path: .init(tenant: Demo.tenant),
        headers: .init(idempotencyKey: UUID().uuidString),
        body: .json(.init(player: Demo.player, externalEventId: "Magic"))
    ).ok.body.json
    let after = try await player.getPlayer(path: path).ok.body.json

    print("player: \(before.nickname) (\(before.extId))")
    print("Magic: \(magic.message)")
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

guard let serverURL = ProcessInfo.processInfo.environment["SIGNET_BASE_URL"].flatMap(URL.init(string:)) else {
    FileHandle.standardError.write(Data("OpenAPIClient: set SIGNET_BASE_URL to a signet-server's URL (swift run signet-server)\n".utf8))
    exit(2)
}
do {
    try await run(serverURL: serverURL, transport: transport)
} catch {
    FileHandle.standardError.write(Data("OpenAPIClient: \(error)\n".utf8))
    exit(1)
}
