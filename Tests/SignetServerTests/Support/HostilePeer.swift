import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Testing
import Synchronization

/// A small Hummingbird server that misbehaves on purpose (redirects, dripping bodies). It shares no code
/// with the reference server, so the client is tested against an independent peer.
final class HostilePeer: Sendable {
    /// `http://127.0.0.1:PORT`.
    let baseURL: URL
    /// Requests counted per path, before routing.
    let hits: HostileHits
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(baseURL: URL, hits: HostileHits, group: ServiceGroup, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.hits = hits
        self.group = group
        self.task = task
    }

    /// Starts a peer on an ephemeral loopback port with the routes `configure` adds.
    static func start(_ configure: (Router<BasicRequestContext>) -> Void) async throws -> HostilePeer {
        let hits = HostileHits()
        let router = Router()
        router.add(middleware: CountingMiddleware(hits: hits))
        configure(router)
        let quiet = Logger(label: "hostile-peer", factory: { _ in SwiftLogNoOpLogHandler() })
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: quiet)
        let group = ServiceGroup(configuration: .init(services: [app], logger: quiet))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
        return HostilePeer(baseURL: url, hits: hits, group: group, task: task)
    }

    /// Stops the server.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}

/// Request counts by path.
final class HostileHits: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    func record(_ path: String) { counts.withLock { $0[path, default: 0] += 1 } }
    func count(_ path: String) -> Int { counts.withLock { $0[path, default: 0] } }
}

private struct CountingMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let hits: HostileHits
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        hits.record(request.uri.path)
        return try await next(request, context)
    }
}
