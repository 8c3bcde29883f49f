import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import Prometheus
import ServiceLifecycle
import Signet
import SignetHummingbird
import UnixSignals

/// The Signet reference server: every protocol Signet speaks, in memory, on a real socket.
///
/// ```swift
/// let server = try await ReferenceServer.start()          // 127.0.0.1, an ephemeral port
/// let client = SignetClient(baseURL: server.baseURL, transport: SignetURLSessionTransport(), middleware: …)
/// server.faults.inject(.serviceUnavailable(), count: 2)   // misbehave on purpose
/// await server.stop()
/// ```
///
/// Several servers may run in one process (each test its own). Every response carries exactly one HTTP
/// `Date` header, from the configuration's clock. `GET /trivia/play` upgrades to the trivia game's
/// WebSocket; every other request is plain HTTP/1.1, on connections guarded against slow and malformed
/// clients (``ReferenceServerConfiguration/connectionLimits``). It is for tests, examples and demos; its
/// demo keys (``DemoCredentials``) are public.
public final class ReferenceServer: Sendable {
    /// The port the server listens on (the ephemeral one picked when the configuration asked for 0).
    public let port: Int
    /// `http://HOST:PORT` — the address clients use (`127.0.0.1` when bound to all IPv4 interfaces).
    public let baseURL: URL
    /// The faults the server injects; change them at any time.
    public let faults: FaultPlan
    /// The configuration the server was started with.
    public let configuration: ReferenceServerConfiguration

    private let serviceGroup: ServiceGroup
    private let runTask: Task<Void, any Error>
    private let trivia: TriviaService?
    private let state: ReferenceState

    private init(port: Int, baseURL: URL, faults: FaultPlan, configuration: ReferenceServerConfiguration,
                 serviceGroup: ServiceGroup, runTask: Task<Void, any Error>, trivia: TriviaService?, state: ReferenceState) {
        self.state = state
        self.port = port
        self.baseURL = baseURL
        self.faults = faults
        self.configuration = configuration
        self.serviceGroup = serviceGroup
        self.runTask = runTask
        self.trivia = trivia
    }

    /// Binds, starts serving, and returns once the server is listening.
    /// - Throws: ``ReferenceServerError`` when the address cannot be bound or the trivia configuration is invalid.
    public static func start(_ configuration: ReferenceServerConfiguration = .init()) async throws -> ReferenceServer {
        let address = "\(configuration.host):\(configuration.port)"
        do {
            try configuration.trivia.validate()
        } catch {
            throw ReferenceServerError(address: address, reason: "trivia configuration: \(error)")
        }
        let faults = configuration.faults ?? FaultPlan()
        let state = try await ReferenceState.open(configuration, address: address)
        let registry = configuration.exportsMetrics ? PrometheusCollectorRegistry() : nil
        let environment = ReferenceEnvironment(
            clock: configuration.clock, window: configuration.window, maxBodyBytes: configuration.maxBodyBytes,
            verification: try ReferenceVerification.demo(
                configuration, replays: state.replays, metricsFactory: registry.map { PrometheusMetricsFactory(registry: $0) }))
        var services = ReferenceRouter.services(configuration, gameSystem: state.gameSystem)
        if let registry { services.append(MetricsService(registry: registry)) }
        let trivia = services.lazy.compactMap { $0 as? TriviaService }.first
        let responder = ServerResponder(
            router: ReferenceRouter.build(services: services, environment: environment),
            faults: faults, clock: configuration.clock, logger: configuration.logger)

        // WebSocket upgrades bypass the responder: the trivia service decides them, and stamps the
        // `101 Switching Protocols` with the configured clock's `Date` as the responder does.
        let clock = configuration.clock
        let shouldUpgrade: @Sendable (HTTPRequest, any Channel, Logger) throws
            -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> = { request, channel, _ in
                guard let trivia else { return .dontUpgrade }
                return trivia.upgrade(request, channel: channel, faults: faults, date: HTTPDate.format(clock()))
            }
        let (ports, portContinuation) = AsyncStream<Int?>.makeStream()
        // Guarded: a head is due within the head bound, an idle connection closes, a request the decoder
        // refuses is answered and closed (docs/server.md, "Slow and malformed clients").
        let limits = configuration.connectionLimits
        let builder = HTTPServerBuilder { responder in
            GuardedChildChannel(
                // A text frame that is not UTF-8 fails the socket with 1007 (RFC 6455, 8.1), as the client's does.
                HTTP1WebSocketUpgradeChannel(responder: responder, configuration: .init(validateUTF8: true), shouldUpgrade: shouldUpgrade),
                limits: limits, clock: clock)
        }
        let server = try builder.buildServer(
            configuration: ServerConfiguration(address: .hostname(configuration.host, port: configuration.port)),
            eventLoopGroup: EventLoopGroupProvider.singleton.eventLoopGroup,
            logger: configuration.logger,
            responder: { (request, writer: consuming ResponseWriter, channel) in
                try await responder.respond(to: request, writer: writer, channel: channel)
            },
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port)
                portContinuation.finish()
            })
        var groupConfiguration = ServiceGroupConfiguration(services: [server], logger: configuration.logger)
        // A graceful stop waits for requests in flight; past this, they are cancelled.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(5)
        let serviceGroup = ServiceGroup(configuration: groupConfiguration)
        let runTask = Task {
            defer { portContinuation.finish() }
            try await serviceGroup.run()
        }

        var iterator = ports.makeAsyncIterator()
        guard let boundPort = await iterator.next() ?? nil else {
            await serviceGroup.triggerGracefulShutdown()
            await state.close()
            switch await runTask.result {
            case .failure(let error): throw ReferenceServerError(address: address, reason: String(describing: error))
            case .success: throw ReferenceServerError(address: address, reason: "the server stopped before listening")
            }
        }
        guard let baseURL = Self.baseURL(host: configuration.host, port: boundPort) else {
            await serviceGroup.triggerGracefulShutdown()
            _ = await runTask.result
            await state.close()
            throw ReferenceServerError(address: address, reason: "no URL can be formed for host '\(configuration.host)'")
        }
        return ReferenceServer(port: boundPort, baseURL: baseURL, faults: faults, configuration: configuration,
                               serviceGroup: serviceGroup, runTask: runTask, trivia: trivia, state: state)
    }

    /// Stops accepting connections, closes the trivia game's sockets, lets requests in flight finish
    /// (up to 5 s), and returns once stopped. Calling it again does nothing more.
    public func stop() async {
        await trivia?.hall.shutdown()
        await serviceGroup.triggerGracefulShutdown()
        _ = await runTask.result
        await state.close()
    }

    /// Stops at once, as a crashed instance would: open connections are dropped and requests in flight
    /// are cancelled without an answer (tests of several instances on one database).
    public func stopAbruptly() async {
        runTask.cancel()
        await trivia?.hall.shutdown()
        _ = await runTask.result
        await state.close()
    }

    /// Serves until SIGINT or SIGTERM, then stops gracefully (for the `signet-server` executable).
    /// - Throws: the server's own error if it fails before a signal arrives.
    public func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in signals { break }
                await self.stop()
            }
            group.addTask {
                try await self.runTask.value
            }
            defer { group.cancelAll() }
            _ = try await group.next()
        }
        await stop()
    }

    /// `http://host:port`, with a wildcard bind address replaced by the matching loopback address.
    static func baseURL(host: String, port: Int) -> URL? {
        var components = URLComponents()
        components.scheme = "http"
        switch host {
        case "0.0.0.0", "": components.host = "127.0.0.1"
        case "::": components.host = "[::1]"
        default: components.host = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
        components.port = port
        return components.url
    }
}
