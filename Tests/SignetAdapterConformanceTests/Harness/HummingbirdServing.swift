import Foundation
import Hummingbird
import ServiceLifecycle

/// Runs a Hummingbird app with `router` on 127.0.0.1, port 0, until stopped.
enum HummingbirdServing {
    static func start<Context: Hummingbird.RequestContext>(_ router: Router<Context>) async throws -> RunningServer
    where Context.Source == ApplicationRequestContextSource {
        let quiet = ConformanceEnvironment.quiet
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { continuation.yield($0.localAddress?.port ?? 0); continuation.finish() },
                              logger: quiet)
        let group = ServiceGroup(configuration: .init(services: [app], logger: quiet))
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        guard port > 0, let url = URL(string: "http://127.0.0.1:\(port)") else {
            running.cancel()
            throw HarnessFailure("the Hummingbird app did not start")
        }
        return RunningServer(baseURL: url) {
            await group.triggerGracefulShutdown()
            _ = await running.result
        }
    }
}

/// A harness that could not start its server.
struct HarnessFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
