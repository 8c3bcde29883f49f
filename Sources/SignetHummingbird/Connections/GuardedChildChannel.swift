import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// An HTTP/1 child channel (Hummingbird's `HTTP1Channel`, or HummingbirdWebSocket's
/// `HTTP1WebSocketUpgradeChannel`) guarded against slow and malformed clients.
///
/// Hummingbird sets no deadline on a request head, so a client that sends a request line and then nothing
/// (or one byte every few seconds) holds its connection for as long as it likes; and a request NIO's
/// decoder refuses (both `Content-Length` and `Transfer-Encoding`, two `Content-Length`s, a bad chunk size,
/// a head past the decoder's limits) is answered in some pipelines and left hanging in others. Guarded:
/// - a head must complete within ``ConnectionLimits/headTimeout`` of its first byte (a new connection's:
///   of being accepted), else `408` and close (a connection that sent nothing is closed without a word);
/// - a connection with no request in flight is closed after ``ConnectionLimits/idleTimeout``;
/// - a refused request gets `400` (`431` for a head too large) with `Connection: close`, and the connection
///   is closed; if an answer is already under way, it is closed at once.
///
/// ```swift
/// // a whole server in one line, through HTTPServerBuilder:
/// let app = Application(router: router, server: .http1(guardedBy: ConnectionLimits()))
/// // or around any HTTP/1 channel, here one that upgrades to WebSocket:
/// let server = HTTPServerBuilder { responder in
///     GuardedChildChannel(HTTP1WebSocketUpgradeChannel(responder: responder, shouldUpgrade: …))
/// }
/// ```
/// Put it innermost, under TLS: it reads and writes HTTP/1 bytes in the clear.
public struct GuardedChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    /// The guarded channel's value, handed to the guarded channel's `handle(value:logger:)`.
    public typealias Value = Base.Value

    /// The channel that serves requests.
    public let base: Base
    /// The deadlines applied to every connection.
    public let limits: ConnectionLimits
    /// The clock that dates the guard's own answers (`Date` of a 400, 408 or 431).
    public let clock: @Sendable () -> Date

    /// Guards `base` with `limits`; `clock` dates the guard's own answers.
    public init(_ base: Base, limits: ConnectionLimits = ConnectionLimits(), clock: @escaping @Sendable () -> Date = { Date() }) {
        self.base = base
        self.limits = limits
        self.clock = clock
    }

    /// Sets up the guarded channel's pipeline with the guard's two handlers around its HTTP decoder.
    /// - Returns: the guarded channel's value; a failed future when the channel has no HTTP/1 decoder.
    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        if channel.eventLoop.inEventLoop { return install(on: channel, logger: logger) }
        return channel.eventLoop.flatSubmit { install(on: channel, logger: logger) }
    }

    /// Hands the connection to the guarded channel.
    public func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }

    /// The deadline handler goes first, in front of everything the guarded channel adds, so that it sees
    /// every byte; the observer goes right behind the decoder, which exists once the base is set up.
    private func install(on channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let deadlines = ConnectionDeadlineHandler(limits: limits, clock: clock)
        do {
            try channel.pipeline.syncOperations.addHandler(deadlines)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return base.setup(channel: channel, logger: logger).assumeIsolated().flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            guard let decoder = try? pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self) else {
                throw GuardedChildChannelError()
            }
            try pipeline.addHandler(HTTPExchangeObserver(reportingTo: deadlines), position: .after(decoder))
            return value
        }.nonisolated()
    }
}

/// The guarded channel set up no HTTP/1 request decoder (it is not an HTTP/1 channel).
struct GuardedChildChannelError: Error, CustomStringConvertible {
    var description: String { "GuardedChildChannel guards HTTP/1 channels only: no HTTP/1 request decoder in the pipeline" }
}

extension HTTPServerBuilder {
    /// An HTTP/1 server guarded against slow and malformed clients (``GuardedChildChannel``):
    /// `Application(router: router, server: .http1(guardedBy: ConnectionLimits()))`.
    /// - Parameters:
    ///   - limits: the head and idle deadlines of every connection.
    ///   - configuration: Hummingbird's own HTTP/1 settings (header limits, additional handlers).
    public static func http1(
        guardedBy limits: ConnectionLimits, configuration: HTTP1Channel.Configuration = .init()
    ) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GuardedChildChannel(HTTP1Channel(responder: responder, configuration: configuration), limits: limits)
        }
    }
}
