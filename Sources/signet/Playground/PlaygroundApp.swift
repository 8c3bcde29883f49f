import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// The playground web app: a Hummingbird application on 127.0.0.1 whose routes are the five pages,
/// their static files and the trivia relay's socket. It serves until SIGINT or SIGTERM.
struct PlaygroundApp {
    let routes: PlaygroundRoutes
    let port: Int
    /// The port once bound, for the request guard's Host and Origin checks.
    let address = PlaygroundAddress()

    /// Every route: the start page, each service's pages, the static files, the trivia socket; in front of
    /// them all the request guard, so a request from another site reaches none of them.
    func makeRouter() -> Router<PlaygroundRoutes.Context> {
        let router = Router(context: PlaygroundRoutes.Context.self)
        router.add(middleware: PlaygroundRequestGuard(address: address, token: routes.token, recorder: routes.recorder))
        router.add(middleware: PlaygroundErrorMiddleware(upstream: routes.upstream.baseURL, recorder: routes.recorder))
        PlaygroundAssets.register(on: router, recorder: routes.recorder)
        HomePage(routes: routes).register(on: router)
        GameSystemPage(routes: routes).register(on: router)
        WorldsPage(routes: routes).register(on: router)
        PuzzlePages(routes: routes).register(on: router)
        PuzzleGridPage(routes: routes).register(on: router)
        ConditionsPage(routes: routes).register(on: router)
        TriviaPage(routes: routes).register(on: router)
        return router
    }

    /// Binds, calls `announce` with the address once listening, and serves until a signal stops it.
    func run(logger: Logger, announce: @escaping @Sendable (URL) -> Void) async throws {
        let router = makeRouter()
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "signet-playground"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                address.listening(on: port)
                if let url = URL(string: "http://127.0.0.1:\(port)/") { announce(url) }
            },
            logger: logger)
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
