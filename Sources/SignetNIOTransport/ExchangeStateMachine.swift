#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOHTTP1
import NIOSSL
import Signet

/// One connection's HTTP/1.1 exchanges as a value: the phase the current one is in, and what the channel
/// handler must do at each event. No I/O happens here, so every transition is tested without a socket
/// (AsyncHTTPClient's `HTTPRequestStateMachine` is the model).
///
/// The rule that keeps a connection in step with its server (RFC 9112 §9.5): it is reused only when the
/// whole request was written and the answer ended with keep-alive. An answer that ends while the body is
/// still being written leaves the body unfinished, and the connection is closed; an answer of status 300
/// or more stops the body at its head (the server has refused it). Either way the caller gets the answer.
///
/// `Context` is what the handler keeps for an exchange (its promise); the machine only hands it back.
struct ExchangeStateMachine<Context> {
    /// How the request body stands while the answer arrives.
    enum RequestBody: Equatable {
        /// Still being written: the answer came early with a 2xx status.
        case sending
        /// Stopped unfinished: the answer came early with another status. The connection closes after it.
        case abandoned
        /// Written to its end.
        case complete
    }

    /// The exchange in progress: the handler's context, the exchange's number (a body writer of another
    /// exchange is told to stop), and how much of an announced body length has been written.
    struct Exchange {
        let context: Context
        let id: UInt64
        let announcedLength: Int?
        /// A HEAD request: its answer has no body, whatever its `Content-Length` says (RFC 9110, 9.3.2).
        var isHEAD = false
        var written = 0
    }

    enum State {
        /// No exchange: the connection is open and free.
        case idle
        /// The head is written and the body is being streamed; no answer yet.
        case sendingBody(Exchange)
        /// The whole request is written; no answer yet.
        case awaitingHead(Exchange)
        /// The answer's head arrived and its body is being collected in `buffer`.
        case receivingBody(Exchange, head: HTTPResponseHead, buffer: ByteBuffer, request: RequestBody)
        /// The connection is closing or closed, and never carries another exchange; `cause` is what ended it.
        case closed(cause: any Error)
        /// Only while a response buffer is appended to in place, so that it is not copied.
        case modifying
    }

    /// Why an exchange failed, for the handler to turn into the error its caller gets.
    enum Failure {
        /// The connection ended before any of the answer arrived (the request may be sent again on another).
        case stale(any Error)
        /// The connection failed after the answer began.
        case broken(any Error)
        /// The deadline passed.
        case timedOut
        /// The caller's task was cancelled.
        case cancelled
        /// The answer's body passes the limit: announced by its `Content-Length`, or counted as it arrived (nil).
        case tooLarge(announced: Int?, status: HTTPResponseStatus)
        /// The request body could not be read.
        case requestBody(any Error)
        /// The request body's bytes do not add up to its announced length (more, or fewer at its end).
        case bodyLength(announced: Int, written: Int)
        /// An exchange was begun while another was in progress (a bug of the caller, never of the server).
        case busy
    }

    /// What the handler does after an event.
    enum Action {
        /// Nothing.
        case none
        /// Write the request body part or end that was offered.
        case write
        /// Do not write it: the exchange no longer wants its body (or is over); the writer stops.
        case stopBody
        /// Close the connection; no exchange is waiting on it.
        case close
        /// The exchange succeeded with this answer; the connection goes back to the pool when `reuse`, else it closes.
        case succeed(Context, HTTPResponseHead, ByteBuffer, reuse: Bool)
        /// The exchange failed: fail its caller and close the connection.
        case fail(Context, Failure)
    }

    /// The largest response body accepted, in bytes.
    let maxResponseBytes: Int
    private(set) var state: State = .idle

    init(maxResponseBytes: Int) { self.maxResponseBytes = maxResponseBytes }

    /// A new exchange numbered `id`: its head (and an inline body) is written next, then, when
    /// `streamingBody`, a body of `announcedLength` bytes (nil: chunked) part by part.
    /// The answer to an `isHEAD` request has no body.
    mutating func begin(_ context: Context, id: UInt64, streamingBody: Bool, announcedLength: Int?, isHEAD: Bool = false) -> Action {
        switch state {
        case .idle:
            let exchange = Exchange(context: context, id: id, announcedLength: streamingBody ? announcedLength : nil, isHEAD: isHEAD)
            state = streamingBody ? .sendingBody(exchange) : .awaitingHead(exchange)
            return .write
        case .closed(let cause):
            return .fail(context, .stale(cause))
        case .sendingBody, .awaitingHead, .receivingBody, .modifying:
            return .fail(context, .busy)
        }
    }

    /// The writer of exchange `id` offers a body part of `count` bytes.
    mutating func requestBodyPart(of id: UInt64, count: Int) -> Action {
        switch state {
        case .sendingBody(var exchange) where exchange.id == id:
            if let failure = exchange.add(count) { return fail(exchange, failure) }
            state = .sendingBody(exchange)
            return .write
        case .receivingBody(var exchange, let head, let buffer, .sending) where exchange.id == id:
            if let failure = exchange.add(count) { return fail(exchange, failure) }
            state = .receivingBody(exchange, head: head, buffer: buffer, request: .sending)
            return .write
        default:
            return .stopBody
        }
    }

    /// The writer of exchange `id` reached the end of its body.
    mutating func requestBodyEnd(of id: UInt64) -> Action {
        switch state {
        case .sendingBody(let exchange) where exchange.id == id:
            if let failure = exchange.shortfall { return fail(exchange, failure) }
            state = .awaitingHead(exchange)
            return .write
        case .receivingBody(let exchange, let head, let buffer, .sending) where exchange.id == id:
            if let failure = exchange.shortfall { return fail(exchange, failure) }
            state = .receivingBody(exchange, head: head, buffer: buffer, request: .complete)
            return .write
        default:
            return .stopBody
        }
    }

    /// Reading the request body of exchange `id` failed.
    mutating func requestBodyFailed(of id: UInt64, _ error: any Error) -> Action {
        guard let exchange = current, exchange.id == id else { return .none }
        return fail(exchange, .requestBody(error))
    }

    /// The answer's head arrived (informational answers other than 101 never reach here: the decoder drops them).
    mutating func responseHead(_ head: HTTPResponseHead) -> Action {
        switch state {
        case .sendingBody(let exchange), .awaitingHead(let exchange):
            // No TE is sent, so chunked is the only transfer coding a server may use (RFC 9112, 7.4); another
            // would reach the caller still encoded (and one without chunked is read to the close, where a cut
            // cannot be told from the end).
            if let codings = Self.unaskedTransferCodings(head.headers) {
                return fail(exchange, .broken(UnaskedTransferCoding(codings: codings)))
            }
            // The length a body would have had: the answer to a HEAD, a 204 or a 304 has none (RFC 9110, 8.6).
            if Self.mayHaveBody(head.status, answering: exchange),
               let announced = head.headers.first(name: "Content-Length").flatMap({ Int($0) }), announced > maxResponseBytes {
                return fail(exchange, .tooLarge(announced: announced, status: head.status))
            }
            let request: RequestBody
            if case .awaitingHead = state {
                request = .complete
            } else {
                request = (200..<300).contains(head.status.code) ? .sending : .abandoned
            }
            state = .receivingBody(exchange, head: head, buffer: ByteBuffer(), request: request)
            return .none
        case .idle:
            // An answer no request asked for: the connection is out of step.
            state = .closed(cause: UnaskedAnswer())
            return .close
        case .receivingBody(let exchange, _, _, _):
            return fail(exchange, .broken(UnaskedAnswer()))
        case .closed, .modifying:
            return .none
        }
    }

    /// A part of the answer's body arrived.
    mutating func responseBodyPart(_ part: inout ByteBuffer) -> Action {
        guard case .receivingBody(let exchange, let head, var buffer, let request) = state else { return .none }
        if buffer.readableBytes + part.readableBytes > maxResponseBytes {
            return fail(exchange, .tooLarge(announced: nil, status: head.status))
        }
        state = .modifying  // the buffer is now referenced once, and grows without a copy
        buffer.writeBuffer(&part)
        state = .receivingBody(exchange, head: head, buffer: buffer, request: request)
        return .none
    }

    /// The answer ended.
    mutating func responseEnd() -> Action {
        guard case .receivingBody(let exchange, let head, let buffer, let request) = state else { return .none }
        // After a 101 the bytes on the connection are no longer HTTP (no request here asks to upgrade).
        let reuse = request == .complete && head.isKeepAlive && head.status != .switchingProtocols
        state = reuse ? .idle : .closed(cause: ConnectionRetired())
        return .succeed(exchange.context, head, buffer, reuse: reuse)
    }

    /// Exchange `id`'s deadline passed.
    mutating func deadlinePassed(of id: UInt64) -> Action {
        guard let exchange = current, exchange.id == id else { return .none }
        return fail(exchange, .timedOut)
    }

    /// Exchange `id`'s caller was cancelled.
    mutating func cancel(_ id: UInt64) -> Action {
        guard let exchange = current, exchange.id == id else { return .none }
        return fail(exchange, .cancelled)
    }

    /// The transfer codings of `headers` when they are other than `chunked` alone; nil when there are none.
    private static func unaskedTransferCodings(_ headers: HTTPHeaders) -> String? {
        let codings = headers[canonicalForm: "Transfer-Encoding"].map { $0.lowercased() }
        guard !codings.isEmpty, codings != ["chunked"] else { return nil }
        return codings.joined(separator: ", ")
    }

    /// Whether an answer of `status` to `exchange` can carry a body (not to a HEAD; not 1xx, 204 or 304).
    private static func mayHaveBody(_ status: HTTPResponseStatus, answering exchange: Exchange) -> Bool {
        ResponseFraming.mayHaveBody(method: exchange.isHEAD ? .head : .get, status: Int(status.code))
    }

    /// The connection failed or closed, for `error`. Before any of the answer, a connection that merely ended
    /// (``endedQuietly(_:)``) is stale, and the request may go again on another; one that sent bytes that are
    /// not an HTTP answer is broken, and the error says why.
    mutating func connectionEnded(_ error: any Error) -> Action {
        switch state {
        case .idle:
            state = .closed(cause: error)
            return .close
        case .sendingBody(let exchange), .awaitingHead(let exchange):
            return fail(exchange, Self.endedQuietly(error) ? .stale(error) : .broken(error), cause: error)
        case .receivingBody(let exchange, _, _, _):
            return fail(exchange, .broken(error), cause: error)
        case .closed, .modifying:
            return .none
        }
    }

    /// Whether `error` only says the connection ended (closed, reset, written to after it closed), as a server
    /// closes an idle connection: not a malformed answer (NIO's parser errors), which sending again would not mend.
    static func endedQuietly(_ error: any Error) -> Bool {
        if let channel = error as? ChannelError {
            return channel == .eof || channel == .ioOnClosedChannel || channel == .outputClosed || channel == .alreadyClosed
        }
        if let io = error as? IOError { return [ECONNRESET, EPIPE, ECONNABORTED].contains(io.errnoCode) }
        // A TLS server that closes an idle connection without close_notify.
        if let tls = error as? NIOSSLError, case .uncleanShutdown = tls { return true }
        return false
    }

    /// The connection is to close if it is idle (its idle time is up, or the transport shuts down); an
    /// exchange in progress runs to its end.
    mutating func retire() -> Action {
        guard case .idle = state else { return .none }
        state = .closed(cause: ConnectionRetired())
        return .close
    }

    /// The exchange in progress, if any.
    private var current: Exchange? {
        switch state {
        case .sendingBody(let exchange), .awaitingHead(let exchange), .receivingBody(let exchange, _, _, _): exchange
        case .idle, .closed, .modifying: nil
        }
    }

    private mutating func fail(_ exchange: Exchange, _ failure: Failure, cause: (any Error)? = nil) -> Action {
        state = .closed(cause: cause ?? ExchangeFailed())
        return .fail(exchange.context, failure)
    }
}

extension ExchangeStateMachine.Exchange {
    /// Counts `count` more bytes written; the failure if that passes the announced length.
    mutating func add(_ count: Int) -> ExchangeStateMachine<Context>.Failure? {
        written += count
        guard let announcedLength, written > announcedLength else { return nil }
        return .bodyLength(announced: announcedLength, written: written)
    }

    /// The failure if the body ended short of its announced length.
    var shortfall: ExchangeStateMachine<Context>.Failure? {
        guard let announcedLength, written != announcedLength else { return nil }
        return .bodyLength(announced: announcedLength, written: written)
    }
}

/// A connection closed after an exchange that left it unfit for another (or idle too long).
struct ConnectionRetired: Error, CustomStringConvertible {
    var description: String { "the connection was closed after its last exchange" }
}

/// A connection closed because its exchange failed.
struct ExchangeFailed: Error, CustomStringConvertible {
    var description: String { "the connection was closed after its exchange failed" }
}

/// The server sent an answer no request asked for.
struct UnaskedAnswer: Error, CustomStringConvertible {
    var description: String { "the server sent an answer no request asked for" }
}

/// The answer came in a transfer coding other than chunked, which the client did not ask for (it sends no `TE`).
struct UnaskedTransferCoding: Error, CustomStringConvertible {
    /// The codings, as sent (at most 100 characters of them).
    let codings: String
    var description: String {
        "the server sent the body in transfer coding '\(codings.prefix(100))', and only chunked may be used unasked (RFC 9112, 7.4)"
    }
}

extension ExchangeStateMachine.Action {
    /// Whether the action is ``write``.
    var isWrite: Bool {
        if case .write = self { return true }
        return false
    }
}
