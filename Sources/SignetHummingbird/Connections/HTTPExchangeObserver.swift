import NIOCore
import NIOHTTP1

/// Sits right behind NIO's HTTP/1 request decoder of a guarded connection and tells its
/// ``ConnectionDeadlineHandler`` what passes: request heads and ends read, responses started and ended,
/// an upgrade, and the decoder's refusals (`HTTPParserError`), which Hummingbird would otherwise answer only
/// in some pipelines and leave hanging in others.
final class HTTPExchangeObserver: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let deadlines: ConnectionDeadlineHandler

    init(reportingTo deadlines: ConnectionDeadlineHandler) {
        self.deadlines = deadlines
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // After an upgrade the parts are another protocol's: pass them on unread.
        guard !deadlines.isUpgraded else { return context.fireChannelRead(data) }
        switch Self.unwrapInboundIn(data) {
        case .head(let head):
            deadlines.headArrived()
            // Hummingbird sends no interim answer: a client that waits for one before its body (curl for a
            // large upload waits a second; some clients wait for as long as they allow) gets it here.
            if Self.expectsContinue(head), deadlines.mayContinue {
                context.writeAndFlush(Self.wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))),
                                      promise: nil)
            }
        case .body: break
        case .end: deadlines.requestEnded()
        }
        context.fireChannelRead(data)
    }

    /// Whether `head` asks for `100 Continue` before its body (RFC 9110, 10.1.1): HTTP/1.1 or later, and a
    /// body declared.
    static func expectsContinue(_ head: HTTPRequestHead) -> Bool {
        func bare(_ value: String) -> String { value.lowercased().filter { $0 != " " && $0 != "\t" } }
        guard head.version.major == 1, head.version.minor >= 1,
              head.headers["expect"].contains(where: { bare($0) == "100-continue" }) else { return false }
        return !head.headers["transfer-encoding"].isEmpty || head.headers["content-length"].contains { (Int(bare($0)) ?? 0) > 0 }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !deadlines.isUpgraded else { return context.write(data, promise: promise) }
        guard !deadlines.isClosing else {
            // The connection was answered (or is being closed) here; the application's late answer, or
            // the framework's own 400 for the same fault, must not follow it onto the wire.
            promise?.fail(ChannelError.outputClosed)
            return
        }
        let part = Self.unwrapOutboundIn(data)
        // Written first: what the deadline handler does next (an answer of its own) must follow it.
        context.write(data, promise: promise)
        switch part {
        case .head(let head) where head.status == .switchingProtocols:
            deadlines.upgraded()
        case .head(let head) where head.status.code >= 200:
            deadlines.responseStarted()
        case .head, .body:
            break
        case .end:
            deadlines.responseEnded()
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? HTTPParserError, !deadlines.isUpgraded { deadlines.refused(error) }
        // Passed on, so that the framework ends the request it may be reading.
        context.fireErrorCaught(error)
    }
}

@available(*, unavailable)
extension HTTPExchangeObserver: Sendable {}
