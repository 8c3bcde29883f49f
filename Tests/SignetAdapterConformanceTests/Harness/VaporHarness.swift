import Foundation
import SignetVapor
import Vapor

/// The Vapor gatekeeper on a route group, the identity in `req.auth`.
enum VaporHarness {
    /// The table's app: `setup`'s pipeline (or `verification`) as the gatekeeper, or as the authenticator.
    static func start(
        _ setup: ConformanceSetup, verification: GameSystemVerification? = nil, asAuthenticator: Bool = false
    ) async throws -> RunningServer {
        let verification = verification ?? setup.verification
        let app = try await startApp { app in
            let gate: any Middleware = asAuthenticator
                ? GameSystemVaporAuthenticator(verification: verification) : GameSystemVaporMiddleware(verification: verification)
            let client = app.grouped(":tenant", "client").grouped(gate)
            for method in [HTTPMethod.GET, .POST, .PUT] {
                client.on(method, "echo") { req async throws -> Response in
                    let body = req.body.data.map { Array($0.readableBytesView) } ?? []
                    let (status, json) = EchoAnswer.handle(frameworkKey: req.auth.get(GameSystemIdentity.self)?.apiKey, body: body)
                    return Response(status: .init(statusCode: status),
                                    headers: ["Content-Type": "application/json", "X-Echo-Method": req.method.rawValue],
                                    body: .init(buffer: ByteBuffer(bytes: json)))
                }
            }
        }
        return try await running(app)
    }

    /// A Vapor app on 127.0.0.1, port 0, with the routes `routes` adds, serving.
    static func startApp(_ routes: (Application) throws -> Void) async throws -> Application {
        let app = try await Application.make(.testing)
        app.logger = ConformanceEnvironment.quiet
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        app.environment.arguments = ["serve"]
        do {
            try routes(app)
            try await app.startup()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        return app
    }

    /// `app` as a running server of the table.
    static func running(_ app: Application) async throws -> RunningServer {
        guard let port = app.http.server.shared.localAddress?.port, let url = URL(string: "http://127.0.0.1:\(port)") else {
            try? await app.asyncShutdown()
            throw HarnessFailure("the Vapor app did not start")
        }
        return RunningServer(baseURL: url) { try? await app.asyncShutdown() }
    }
}
