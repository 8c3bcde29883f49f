import Foundation
import Logging
import SignetGameSystem
import SignetVapor
import Vapor

/// The Vapor server of the server-side benchmark: the same handler plain and behind ``GameSystemVaporMiddleware``.
struct VaporBenchServer {
    let port: Int
    private let app: Application

    static func start(verifier: GameSystemVerifier, logger: Logger) async throws -> VaporBenchServer {
        let app = try await Application.make(.production)
        app.logger = logger
        app.environment.arguments = ["serve"]
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        let answer = HummingbirdBenchServer.answer
        let handler: @Sendable (Request) async throws -> Response = { _ in
            Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(string: answer))
        }
        app.get("unverified", "player", use: handler)
        // The control: a middleware that does nothing (see HummingbirdBenchServer).
        app.grouped("passthrough").grouped(NoOpMiddleware()).get("player", use: handler)
        app.grouped("verified").grouped(GameSystemVaporMiddleware(verifier: verifier)).get("player", use: handler)
        // The floor: what any adapter meeting issue 23 must do on Vapor, and nothing else (no verification).
        app.grouped("floor").grouped(FloorMiddleware()).get("player", use: handler)
        do {
            try await app.startup()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        guard let port = app.http.server.shared.localAddress?.port else {
            try? await app.asyncShutdown()
            throw BenchFailure("the Vapor bench server did not start")
        }
        return VaporBenchServer(port: port, app: app)
    }

    func stop() async {
        try? await app.asyncShutdown()
    }
}

/// A middleware that only calls the next responder: the cost of being a (plain, not async) middleware on Vapor.
private struct NoOpMiddleware: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request)
    }
}

/// What any Vapor adapter must do whatever it verifies, and nothing more: read the signed target (Vapor keeps no
/// raw one; `url.string` rebuilds it) and put an identity in `req.auth`. Its ratio to the plain route bounds
/// every adapter's from above.
private struct FloorMiddleware: Middleware {
    private static let identity = GameSystemIdentity(
        apiKey: "bench-key", role: nil, bodyLength: 0, bodyMD5: GameSystemVerifier.emptyBodyMD5)

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        _ = request.url.string   // Vapor's getter, in another module: it runs whether or not the result is used
        request.auth.login(Self.identity)
        return next.respond(to: request)
    }
}
