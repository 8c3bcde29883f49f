import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import ServiceLifecycle
import Testing

/// A bare Hummingbird app as the README sets one up, on an ephemeral port of 127.0.0.1: `GET /hello`
/// answers `hello`, `POST /echo` reads its body and answers its length. `server` picks the child channel.
enum BareApp {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Hummingbird's own HTTP/1 server with a WebSocket upgrade that refuses every upgrade (the shape of
    /// the reference server's, without Signet).
    static var webSocketUpgrade: HTTPServerBuilder {
        .http1WebSocketUpgrade { _, _, _ in .dontUpgrade }
    }

    /// Runs the app for the length of `body`, which gets its port.
    static func serve(_ server: HTTPServerBuilder = .http1(), _ body: (Int) async throws -> Void) async throws {
        let router = Router()
        router.get("hello") { _, _ in "hello" }
        router.post("echo") { request, _ in
            "\(try await request.body.collect(upTo: 1 << 20).readableBytes)"
        }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(router: router, server: server, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { continuation.yield($0.localAddress?.port ?? 0); continuation.finish() },
                              logger: quiet)
        let group = ServiceGroup(configuration: .init(services: [app], logger: quiet))
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        do {
            try await body(port)
        } catch {
            await group.triggerGracefulShutdown()
            _ = await running.result
            throw error
        }
        await group.triggerGracefulShutdown()
        _ = await running.result
    }
}
