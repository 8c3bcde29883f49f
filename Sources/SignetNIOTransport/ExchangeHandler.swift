import NIOCore
import NIOHTTP1
import Signet

/// Collects one response at a time on the channel's event loop, the body straight into the array it is
/// handed over as (sized from `Content-Length`, never copied whole).
final class ExchangeHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart

    let maxResponseBytes: Int
    private var promise: EventLoopPromise<(HTTPResponseHead, [UInt8])>?
    private var head: HTTPResponseHead?
    private var body: [UInt8] = []
    private var timer: Scheduled<Void>?
    private var done: ((Bool) -> Void)?
    /// Closes the connection when it has sat idle too long.
    private var idleTimer: Scheduled<Void>?
    /// What ended the connection, once it failed or closed.
    private var closedBy: (any Error)?

    init(maxResponseBytes: Int) { self.maxResponseBytes = maxResponseBytes }

    /// Starts an exchange: `promise` gets the answer; `done` is told whether the connection can be reused.
    func begin(
        _ promise: EventLoopPromise<(HTTPResponseHead, [UInt8])>, deadline: NIODeadline, budget: Duration,
        channel: any Channel, done: @escaping (Bool) -> Void
    ) {
        self.promise = promise
        self.done = done
        idleTimer?.cancel()
        idleTimer = nil
        head = nil
        body = []
        // The connection may have failed or closed before this exchange began (a TLS handshake refused, a
        // server that closed it): the exchange fails at once, with what ended it.
        if let closedBy {
            fail(NIOTransport.StaleConnection(underlying: closedBy), channel: channel)
            return
        }
        timer = channel.eventLoop.scheduleTask(deadline: deadline) { [weak self] in
            self?.fail(SignetError(.timeout(after: budget)), channel: channel)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            // An answer no request asked for: the connection is out of step, and is closed.
            guard promise != nil else {
                context.close(promise: nil)
                return
            }
            let announced = head.headers.first(name: "Content-Length").flatMap { Int($0) }
            if let announced, announced > maxResponseBytes {
                fail(SignetError(.bodyTooLarge(limit: maxResponseBytes, actual: announced), status: .init(code: Int(head.status.code))),
                     channel: context.channel)
                return
            }
            self.head = head
            // Room for the announced body (pages are used only as it arrives): it is never regrown.
            if let announced, announced > 0 { body.reserveCapacity(announced) }
        case .body(let part):
            guard promise != nil else { return }
            if body.count + part.readableBytes > maxResponseBytes {
                fail(SignetError(.bodyTooLarge(limit: maxResponseBytes, actual: nil), status: head.map { .init(code: Int($0.status.code)) }),
                     channel: context.channel)
                return
            }
            body.append(contentsOf: part.readableBytesView)
        case .end:
            guard let promise, let head else { return }
            timer?.cancel()
            // After a 101 the bytes on the connection are no longer HTTP (no request here asks to upgrade).
            let reusable = head.isKeepAlive && head.status != .switchingProtocols
            let done = self.done
            self.promise = nil
            self.done = nil
            if !reusable { context.close(promise: nil) }
            done?(reusable)
            let bytes = body
            body = []
            promise.succeed((head, bytes))
        }
    }

    /// The connection went back to the pool idle: it is closed if no exchange begins within `timeout`.
    func parkIdle(for timeout: Duration, channel: any Channel) {
        idleTimer = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) { channel.close(promise: nil) }
    }

    /// The caller's task was cancelled: the exchange ends as cancelled and the connection is closed.
    func cancel(channel: any Channel) {
        fail(SignetError(.cancelled), channel: channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if closedBy == nil { closedBy = ChannelError.eof }
        fail(head == nil ? NIOTransport.StaleConnection(underlying: ChannelError.eof) : SignetError(.transport(underlying: ChannelError.eof)),
             channel: context.channel)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if closedBy == nil { closedBy = error }
        fail(head == nil ? NIOTransport.StaleConnection(underlying: error) : SignetError(.transport(underlying: error)),
             channel: context.channel)
    }

    private func fail(_ error: any Error, channel: any Channel) {
        timer?.cancel()
        done = nil
        if let promise {
            self.promise = nil
            promise.fail(error)
        }
        channel.close(promise: nil)
    }
}
