import NIOCore
import NIOHTTP1
import Signet
import Synchronization

/// Runs one connection's exchanges on its event loop: it hands the channel's events, and the caller's
/// writes, to an ``ExchangeStateMachine`` and carries out what the machine answers. Its state is touched
/// only on that event loop (hence `@unchecked Sendable`: callers reach it through `EventLoop.execute`).
final class ExchangeHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart
    typealias Machine = ExchangeStateMachine<Exchange>

    /// What the handler keeps for one exchange.
    struct Exchange: Sendable {
        /// Gets the answer, or the error.
        let promise: EventLoopPromise<(HTTPResponseHead, ByteBuffer)>
        /// The time the attempt was given, for its timeout error.
        let budget: Duration
        /// Hands the connection back to the pool after a reusable answer.
        let release: @Sendable () -> ConnectionPool.Released
    }

    private var machine: Machine
    private var context: ChannelHandlerContext?
    /// Fails the exchange in progress at its deadline.
    private var deadline: Scheduled<Void>?
    /// Closes the connection when it has sat idle for `idleTimeout`.
    private var idleTimer: Scheduled<Void>?
    private let idleTimeout: TimeAmount

    init(maxResponseBytes: Int, idleTimeout: Duration) {
        machine = Machine(maxResponseBytes: maxResponseBytes)
        self.idleTimeout = TimeAmount(idleTimeout)
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// Begins exchange `id`: writes `head`, then, when `inline` is given, that whole body and the end. A
    /// streamed body (of `announcedLength` bytes, nil: chunked) follows through ``writeBodyPart(of:_:on:)``
    /// and ``writeBodyEnd(of:on:)``. The exchange fails at `deadline`.
    func begin(
        _ id: UInt64, head: HTTPRequestHead, inline: [UInt8]?, announcedLength: Int?, exchange: Exchange, deadline: NIODeadline
    ) {
        idleTimer?.cancel()
        idleTimer = nil
        let action = machine.begin(exchange, id: id, streamingBody: inline == nil, announcedLength: announcedLength,
                                   isHEAD: head.method == .HEAD)
        guard case .write = action else { return perform(action) }
        guard let context else { return perform(machine.connectionEnded(ChannelError.ioOnClosedChannel)) }
        self.deadline = context.eventLoop.scheduleTask(deadline: deadline) { [weak self] in
            guard let self else { return }
            perform(machine.deadlinePassed(of: id))
        }
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        guard let inline else { return context.flush() }
        if !inline.isEmpty { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: inline)))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// Writes a part of exchange `id`'s streamed body if the exchange still wants it. The future (on
    /// `eventLoop`) completes once the part is written, for back-pressure, and says whether the writer goes on.
    func writeBodyPart(of id: UInt64, _ bytes: [UInt8], on eventLoop: any EventLoop) -> EventLoopFuture<Bool> {
        write(.body(.byteBuffer(ByteBuffer(bytes: bytes))), if: machine.requestBodyPart(of: id, count: bytes.count), on: eventLoop)
    }

    /// Ends exchange `id`'s streamed body, if the exchange still wants it.
    func writeBodyEnd(of id: UInt64, on eventLoop: any EventLoop) -> EventLoopFuture<Bool> {
        write(.end(nil), if: machine.requestBodyEnd(of: id), on: eventLoop)
    }

    /// Reading exchange `id`'s body failed with `error`: the exchange fails with it.
    func requestBodyFailed(of id: UInt64, _ error: any Error) {
        perform(machine.requestBodyFailed(of: id, error))
    }

    /// Exchange `id`'s caller was cancelled: the exchange ends as cancelled and the connection is closed.
    func cancel(_ id: UInt64) {
        perform(machine.cancel(id))
    }

    /// Closes the connection if it is idle (the transport is shutting down); an exchange runs to its end.
    func retire() {
        perform(machine.retire())
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): perform(machine.responseHead(head))
        case .body(var part): perform(machine.responseBodyPart(&part))
        case .end: perform(machine.responseEnd())
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        perform(machine.connectionEnded(ChannelError.eof))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        perform(machine.connectionEnded(error))
        context.close(promise: nil)
    }

    private func write(_ part: HTTPClientRequestPart, if action: Machine.Action, on eventLoop: any EventLoop) -> EventLoopFuture<Bool> {
        guard case .write = action, let context else {
            perform(action.isWrite ? machine.connectionEnded(ChannelError.ioOnClosedChannel) : action)
            return eventLoop.makeSucceededFuture(false)
        }
        // A write that fails means the connection ended: the exchange's own outcome says why.
        return context.writeAndFlush(wrapOutboundOut(part)).map { true }.recover { _ in false }
    }

    /// Carries out what the machine answered. The machine's state is already updated, so a close that
    /// reports `channelInactive` at once finds nothing left to do.
    private func perform(_ action: Machine.Action) {
        switch action {
        case .none, .write, .stopBody:
            return
        case .close:
            context?.close(promise: nil)
        case .succeed(let exchange, let head, let buffer, let reuse):
            deadline?.cancel()
            deadline = nil
            if reuse {
                switch exchange.release() {
                case .idle: parkIdle()
                case .handedOver: break
                case .refused: perform(machine.retire())
                }
            } else {
                context?.close(promise: nil)
            }
            exchange.promise.succeed((head, buffer))
        case .fail(let exchange, let failure):
            deadline?.cancel()
            deadline = nil
            exchange.promise.fail(error(for: failure, budget: exchange.budget))
            context?.close(promise: nil)
        }
    }

    /// The connection went back to the pool idle: it is closed if no exchange begins within `idleTimeout`.
    private func parkIdle() {
        idleTimer = context?.eventLoop.scheduleTask(in: idleTimeout) { [weak self] in
            guard let self else { return }
            perform(machine.retire())
        }
    }

    private func error(for failure: Machine.Failure, budget: Duration) -> any Error {
        switch failure {
        case .stale(let error):
            return NIOTransport.StaleConnection(underlying: error)
        case .broken(let error):
            return SignetError(.transport(underlying: error))
        case .timedOut:
            return SignetError(.timeout(after: budget))
        case .cancelled:
            return SignetError(.cancelled)
        case .tooLarge(let announced, let status):
            return SignetError(.bodyTooLarge(limit: machine.maxResponseBytes, actual: announced), status: .init(code: Int(status.code)))
        case .requestBody(let error):
            return error
        case .bodyLength(let announced, let written):
            let gave = written > announced ? "more" : "\(written)"
            return SignetError(.invalidRequest(reason: "the request body announced \(announced) bytes and gave \(gave)"))
        case .busy:
            return SignetError(.transport(underlying: BusyConnection()))
        }
    }
}

/// Numbers exchanges, so that a late call about one (its cancellation, its body writer) never touches the
/// next exchange on the same connection.
enum ExchangeID {
    private static let last = Atomic<UInt64>(0)

    /// A number no other exchange of this process has.
    static func next() -> UInt64 { last.wrappingAdd(1, ordering: .relaxed).newValue }
}

/// An exchange was begun on a connection that was still busy with another (a bug, never the server's doing).
struct BusyConnection: Error, CustomStringConvertible {
    var description: String { "the connection was still busy with another exchange" }
}
