import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOSSL
import NIOWebSocket
import Synchronization
import WSClient
// `WebSocketHandler` (the protocol: pings, the close handshake, message assembly) is swift-websocket's SPI,
// the same one hummingbird-websocket builds its server socket on. Signet uses it so that it can own the
// channel pipeline and see why NIO closed the socket (`TriviaSocketEndCause`); WebSocketClient hides that.
@_spi(WSInternal) import WSCore

/// Why Signet's side ended the socket, when the server's bytes broke a WebSocket rule. NIO's frame decoder
/// refuses a frame over the limit from its header alone (nothing of its payload is buffered), answers with
/// a close frame (1009, or 1002 for a malformed control frame) and closes; the inbound stream then simply
/// ends, so without this record the connection could only say "closed without a close frame".
final class TriviaSocketEndCause: Sendable {
    private let recorded = Mutex<String?>(nil)
    /// The socket's read limit, named in the reason.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// The reason text for the first protocol error seen, if any.
    var reason: String? { recorded.withLock { $0 } }

    func record(_ error: NIOWebSocketError) {
        let text: String
        switch error {
        case .invalidFrameLength:
            text = "frame too large (1009): the server sent a frame over the socket's limit of \(limit) bytes"
        case .fragmentedControlFrame:
            text = "protocol error (1002): the server sent a fragmented control frame"
        case .multiByteControlFrameLength:
            text = "protocol error (1002): the server sent a control frame longer than 125 bytes"
        }
        keepFirst(text)
    }

    /// Records what an error thrown while reading messages closed the socket with, if it carries a close code.
    func record(readError: any Error) {
        guard let closeCode = WebSocketErrorCode(carriedBy: readError) else { return }
        let text: String
        switch closeCode {
        case .messageTooLarge:
            text = "message too large (1009): the server sent a message over the socket's limit of \(limit) bytes"
        case .dataInconsistentWithMessage:
            text = "invalid data (1007): the server sent a text message that is not UTF-8"
        case .protocolError:
            text = "protocol error (1002): the server broke the WebSocket protocol"
        default:
            return
        }
        keepFirst(text)
    }

    private func keepFirst(_ text: String) {
        recorded.withLock { if $0 == nil { $0 = text } }
    }
}

/// Sits between NIO's frame decoder and its `WebSocketProtocolErrorHandler` and records a decoder error
/// before that handler closes the channel (the close can complete, and end the inbound stream, before the
/// error travels further).
private final class FrameErrorRecorder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    let cause: TriviaSocketEndCause

    init(cause: TriviaSocketEndCause) {
        self.cause = cause
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? NIOWebSocketError { cause.record(error) }
        context.fireErrorCaught(error)
    }
}

/// Holds back the end of the server's input (`ChannelEvent.inputClosed`) until the WebSocket upgrade is done.
///
/// A server that ends a game at once (`already-joined`) sends its `101`, its frames, its close frame and its
/// FIN together, and the client can read all of them in one go. NIO's HTTP decoder then sees the end of input
/// while the upgrade is still being set up: it drops the bytes it holds (the frames) instead of forwarding
/// them, and the event passes the pipeline before the WebSocket handlers are in it. The socket then reads
/// nothing more and says nothing until the first ping, ten seconds later. Held here, at the front, the event
/// reaches the pipeline after the upgrade: the frames are read, then the end.
private final class InputClosedDuringUpgrade: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    /// Set while the handler is in the pipeline, which it leaves once the upgrade is done.
    private var context: ChannelHandlerContext?
    private var held = false

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            held = true
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// The upgrade finished (or failed): passes on a held end of input and leaves the pipeline. Called on the
    /// next turn of the event loop after the upgrade's result: NIO's upgrade handler succeeds that result first
    /// and only then passes on the frames it buffered, which must come before the end.
    func upgradeFinished() {
        guard let context else { return }
        if held {
            held = false
            context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}

/// The trivia socket's connection: the HTTP/1.1 upgrade to WebSocket (over TLS for `wss`), as
/// swift-websocket's own client channel does it, with a ``FrameErrorRecorder`` in the pipeline.
struct TriviaSocketChannel: ClientConnectionChannel {
    /// What the context of the data handler carries: the logger.
    struct Context: WebSocketContext {
        let logger: Logger
    }

    enum Upgrade: Sendable {
        case websocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case notUpgraded
    }

    typealias Value = EventLoopFuture<Upgrade>
    typealias Result = WebSocketCloseFrame?

    /// The parts of a `ws`/`wss` URL the upgrade needs.
    struct Target: Sendable {
        let host: String
        let port: Int
        let usesTLS: Bool
        let pathAndQuery: String
        let hostHeader: String
        let origin: String

        init?(_ url: URL) {
            guard let scheme = url.scheme?.lowercased(), scheme == "ws" || scheme == "wss",
                  let host = url.host, !host.isEmpty
            else { return nil }
            usesTLS = scheme == "wss"
            self.host = host
            port = url.port ?? (usesTLS ? 443 : 80)
            let path = url.path.isEmpty ? "/" : url.path
            pathAndQuery = path + (url.query.map { "?\($0)" } ?? "")
            let bracketed = host.contains(":") ? "[\(host)]" : host
            hostHeader = url.port.map { "\(bracketed):\($0)" } ?? bracketed
            origin = "\(scheme)://\(bracketed)"
        }
    }

    let target: Target
    let maxFrameSize: Int
    let closeTimeout: Duration
    let autoPing: AutoPingSetup
    let sslContext: NIOSSLContext?
    let cause: TriviaSocketEndCause
    let handler: WebSocketDataHandler<Context>

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture { try upgradePipeline(channel: channel) }
    }

    private func upgradePipeline(channel: any Channel) throws -> Value {
        let cause = self.cause
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(
            maxFrameSize: maxFrameSize,
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    let operations = channel.pipeline.syncOperations
                    let errorHandler = try operations.handler(type: WebSocketProtocolErrorHandler.self)
                    try operations.addHandler(FrameErrorRecorder(cause: cause), position: .before(errorHandler))
                    return .websocket(try NIOAsyncChannel(wrappingChannelSynchronously: channel))
                }
            }
        )
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: target.hostHeader)
        headers.add(name: "Origin", value: target.origin)
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target.pathAndQuery, headers: headers)
        let upgrade = NIOTypedHTTPClientUpgradeConfiguration(
            upgradeRequestHead: head, upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeCompletedFuture { .notUpgraded } })
        var configuration = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: upgrade)
        configuration.leftOverBytesStrategy = .forwardBytes
        let inputClosed = InputClosedDuringUpgrade()
        try channel.pipeline.syncOperations.addHandler(inputClosed, position: .first)
        if let sslContext {
            let tls = try NIOSSLClientHandler(context: sslContext, serverHostname: target.host)
            try channel.pipeline.syncOperations.addHandler(tls, position: .first)
        }
        let upgraded = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
        upgraded.assumeIsolated().whenComplete { _ in
            channel.eventLoop.assumeIsolated().execute { inputClosed.upgradeFinished() }
        }
        return upgraded
    }

    func handle(value: Value, logger: Logger) async throws -> WebSocketCloseFrame? {
        switch try await value.get() {
        case .websocket(let channel):
            return try await WebSocketHandler.handle(
                type: .client,
                // A text message that is not UTF-8 fails the connection with 1007 (RFC 6455, 8.1); unchecked, its
                // bytes were replaced with U+FFFD and the message read as though the server had sent that.
                configuration: .init(extensions: [], autoPing: autoPing, closeTimeout: closeTimeout,
                                     validateUTF8: true, maxFrameSize: maxFrameSize),
                asyncChannel: channel, context: Context(logger: logger), handler: handler)
        case .notUpgraded:
            throw TriviaSocketError.upgradeDeclined
        }
    }
}

/// The server answered the upgrade request with something other than `101 Switching Protocols`.
enum TriviaSocketError: Error, CustomStringConvertible {
    case upgradeDeclined
    case invalidURL(String)

    var description: String {
        switch self {
        case .upgradeDeclined: "the server declined the WebSocket upgrade"
        case .invalidURL(let url): "\(url) is not a ws:// or wss:// URL with a host"
        }
    }
}

extension WebSocketErrorCode {
    /// The close code an error thrown by swift-websocket's message reader carries (its own error type is
    /// `package`, so it is read by reflection: the enum's one payload), or nil.
    init?(carriedBy error: any Error) {
        guard let code = Mirror(reflecting: error).children.first?.value as? WebSocketErrorCode else { return nil }
        self = code
    }
}
