import Foundation
import HTTPTypes
import Logging
import OpenAPIAsyncHTTPClient
@_spi(Generated) import OpenAPIRuntime
import Signet
import SignetGameSystem
import SignetOpenAPI
import SignetOpenAPIAsyncHTTPClient
import SignetServer
import Synchronization
import SignetTestSupport

extension Logger {
    /// A logger that drops everything: tests assert behaviour, not log lines.
    static let quiet = Logger(label: "signet.openapi.tests", factory: { _ in SwiftLogNoOpLogHandler() })
}

/// Runs `body` against a fresh reference server on 127.0.0.1 (ephemeral port), stopping it afterwards.
func withReferenceServer<T>(
    clock: @escaping @Sendable () -> Date = { Date() },
    _ body: (ReferenceServer) async throws -> T
) async throws -> T {
    let server = try await ReferenceServer.start(ReferenceServerConfiguration(clock: clock, logger: .quiet))
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Which demo key signs.
enum DemoKey {
    case client
    case admin

    func signer(secret: String? = nil) throws -> GameSystemSigner {
        switch self {
        case .client:
            GameSystemSigner(credentials: try GameSystemCredentials(
                apiKey: DemoCredentials.clientKey, secret: secret ?? DemoCredentials.clientSecret))
        case .admin:
            GameSystemSigner(credentials: try GameSystemCredentials(
                apiKey: DemoCredentials.adminKey, secret: secret ?? DemoCredentials.adminSecret))
        }
    }
}


/// An OpenAPI middleware placed after Signet's: it sees every attempt as it goes to the transport, and
/// records its method, path, authority and header fields.
final class AttemptRecorder: ClientMiddleware {
    private let attempts = Mutex<[HTTPRequest]>([])

    /// The requests seen so far, in order.
    var requests: [HTTPRequest] { attempts.withLock { $0 } }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        attempts.withLock { $0.append(request) }
        return try await next(request, body, baseURL)
    }
}

/// One answer as a generated client would see it: status, header fields and the whole body.
struct Answer: Sendable {
    let status: Int
    let fields: HTTPFields
    let body: [UInt8]

    /// The body decoded as `T`.
    func json<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(body))
    }
}

/// A hand-made client in the shape of swift-openapi-generator's output: each call goes through
/// `UniversalClient` (the generated `Client`'s engine), its middlewares and swift-openapi-async-http-client,
/// exactly as a generated operation does; only the serializer and deserializer are written by hand.
struct HandMadeClient {
    let client: UniversalClient

    /// A client over `transport`: by default the README's, `SignetOpenAPITransport.asyncHTTPClient()`.
    init(serverURL: URL, transport: any ClientTransport = SignetOpenAPITransport.asyncHTTPClient(),
         middlewares: [any ClientMiddleware]) {
        client = UniversalClient(serverURL: serverURL, transport: transport, middlewares: middlewares)
    }

    /// Sends one operation, as the generated code does: path relative to the server URL, no scheme or authority.
    func call(
        _ operationID: String, _ method: HTTPRequest.Method, _ path: String,
        fields: HTTPFields = [:], body: [UInt8]? = nil
    ) async throws -> Answer {
        try await client.send(
            input: body,
            forOperation: operationID,
            serializer: { body in
                var request = HTTPRequest(method: method, scheme: nil, authority: nil, path: path, headerFields: fields)
                request.headerFields[.accept] = "application/json"
                if body != nil { request.headerFields[.contentType] = "application/json; charset=utf-8" }
                return (request, body.map { HTTPBody($0) })
            },
            deserializer: { response, body in
                var bytes: [UInt8] = []
                if let body { bytes = try await [UInt8](collecting: body, upTo: 8 * 1024 * 1024) }
                return Answer(status: response.status.code, fields: response.headerFields, body: bytes)
            })
    }

    /// `GET /acme/client/players/{player}` (getPlayer).
    func player(_ player: String = DemoCredentials.player) async throws -> Answer {
        try await call("getPlayer", .get, "/\(DemoCredentials.tenant)/client/players/\(player)")
    }

    /// `POST /acme/admin/player_external_events` (postExternalEvent).
    func postEvent(_ event: String, idempotencyKey: String? = nil) async throws -> Answer {
        var fields: HTTPFields = [:]
        if let idempotencyKey, let name = HTTPField.Name("Idempotency-Key") { fields[name] = idempotencyKey }
        let body = #"{"external_event_id":"\#(event)","player":"\#(DemoCredentials.player)"}"#
        return try await call("postExternalEvent", .post, "/\(DemoCredentials.tenant)/admin/player_external_events",
                              fields: fields, body: Array(body.utf8))
    }
}

/// The parts of a player the tests look at.
struct PlayerJSON: Decodable {
    struct Balance: Decodable {
        let name: String
        let amount: Int64
    }

    let ext_id: String
    let point_types: [Balance]

    var points: Int64 { point_types.first { $0.name == "points" }?.amount ?? 0 }
}

/// A failure answer's body.
struct ErrorJSON: Decodable {
    let error_message: String
}

extension HTTPRequest {
    /// The value of the header field `name`.
    func field(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { headerFields[$0] }
    }
}
