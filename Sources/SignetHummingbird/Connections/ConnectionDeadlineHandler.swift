import Foundation
import NIOCore
import NIOHTTP1
import Signet

/// The first handler of a guarded HTTP/1 connection, in front of the HTTP decoder: it sees every byte the
/// client sends, keeps the connection's ``ConnectionDeadlines`` and one timer, and closes the connection when
/// a deadline passes or the decoder refuses a request (answering first, where an answer may still be sent).
/// ``HTTPExchangeObserver``, behind the decoder, tells it where requests and responses stand.
final class ConnectionDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// How long a connection that was answered and half-closed keeps reading (and dropping) what the client
    /// still sends. Closing with unread bytes makes the kernel reset the connection, and a reset can
    /// destroy the answer before the client has read it.
    static let linger = TimeAmount.seconds(2)

    private var deadlines: ConnectionDeadlines
    private let clock: @Sendable () -> Date
    private var context: ChannelHandlerContext?
    /// One timer at a time; it may fire before the current deadline, and then wakes again for it.
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?
    /// The answer to a refused request that waits for earlier answers.
    private var refusal = HTTPResponseStatus.badRequest
    /// Whether the handlers behind this one have been told that input ended.
    private var inputEnded = false

    init(limits: ConnectionLimits, clock: @escaping @Sendable () -> Date) {
        deadlines = ConnectionDeadlines(limits: limits, now: .now())
        self.clock = clock
    }

    /// Whether the connection is being closed (nothing more is read, written or answered).
    var isClosing: Bool { deadlines.isClosing }

    /// Whether the connection now speaks another protocol (nothing more is timed).
    var isUpgraded: Bool { deadlines.isUpgraded }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { perform(deadlines.connected(now: .now())) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        perform(deadlines.connected(now: .now()))
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if deadlines.dropsInput, !inputEnded {
            // Closed here: the handlers behind learn that input ended, as when a client hangs up.
            // HummingbirdWebSocket's upgrade handler, still waiting for a first head, then ends quietly
            // instead of logging an error for every connection closed here.
            inputEnded = true
            context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        }
        deadlines.close()
        cancelTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Dropped once the decoder has failed or the answer is written.
        guard !deadlines.dropsInput else { return }
        perform(deadlines.bytesArrived(now: .now(), count: Self.unwrapInboundIn(data).readableBytes))
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            inputEnded = true
            context.fireUserInboundEventTriggered(event)
            // A closing connection's client has read the answer and hung up: no need to linger.
            if deadlines.dropsInput { context.close(promise: nil) }
            return
        }
        if event is ChannelShouldQuiesceEvent, deadlines.quiesce() {
            closeNow()
        }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: Reported by HTTPExchangeObserver

    func headArrived() { perform(deadlines.headArrived(now: .now())) }
    /// Whether a `100 Continue` may be written for the head that just arrived (``ConnectionDeadlines/mayContinue``).
    var mayContinue: Bool { deadlines.mayContinue }
    func requestEnded() { perform(deadlines.requestEnded(now: .now())) }
    func responseStarted() { deadlines.responseStarted() }
    func responseEnded() { perform(deadlines.responseEnded(now: .now())) }

    func upgraded() {
        deadlines.upgraded()
        cancelTimer()
    }

    /// The decoder refused the request: 431 for a head past the decoder's limits, 400 for any other fault.
    func refused(_ error: HTTPParserError) {
        refusal = error == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest
        switch deadlines.refused() {
        case .answer: answerAndClose(refusal)
        case .wait: break
        case .close: closeNow()
        }
    }

    // MARK: Timer and closing

    private func perform(_ action: ConnectionDeadlines.Action) {
        switch action {
        case .none:
            break
        case .wake(let deadline):
            if timer != nil, let timerDeadline, timerDeadline <= deadline { return }
            schedule(at: deadline)
        case .timeout(.head), .timeout(.stalledBody):
            answerAndClose(.requestTimeout)
        case .timeout(.silent), .timeout(.requestBody):
            closeNow()
        case .answerRefusal:
            answerAndClose(refusal)
        }
    }

    private func schedule(at deadline: NIODeadline) {
        guard let context else { return }
        timer?.cancel()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            timer = nil
            timerDeadline = nil
            perform(deadlines.timerFired(now: .now()))
        }
    }

    private func closeNow() {
        context?.close(promise: nil)
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }

    /// Writes a bodiless answer straight to the socket (no response is under way, so none is interleaved),
    /// half-closes, and closes once the client hangs up or the linger bound passes.
    private func answerAndClose(_ status: HTTPResponseStatus) {
        guard let context else { return }
        cancelTimer()
        let head = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\nConnection: close\r\nContent-Length: 0\r\n"
            + "Date: \(HTTPDate.format(clock()))\r\n\r\n"
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: head)), promise: written)
        written.futureResult.assumeIsolated().whenComplete { [self] result in
            guard case .success = result, let context = self.context else { return self.closeNow() }
            let halfClosed = context.eventLoop.makePromise(of: Void.self)
            context.close(mode: .output, promise: halfClosed)
            halfClosed.futureResult.assumeIsolated().whenFailure { [self] _ in closeNow() }
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: Self.linger) { [self] in
                timer = nil
                closeNow()
            }
        }
    }
}

@available(*, unavailable)
extension ConnectionDeadlineHandler: Sendable {}
