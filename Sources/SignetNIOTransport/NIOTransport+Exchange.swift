import HTTPTypes
import NIOCore
import NIOHTTP1
import Signet

extension NIOTransport {
    /// One exchange on `connection`, ending at `deadline` (a timeout reports `allowed`, the attempt's time):
    /// `inline` is the whole body when it goes with the head, else nil and `body` is streamed, part by part,
    /// for as long as the exchange wants it.
    func exchange(
        _ head: HTTPRequestHead, body: Body, inline: [UInt8]?, on connection: Connection, deadline: ContinuousClock.Instant,
        allowed: Duration
    ) async throws -> (HTTPResponse, Body) {
        let eventLoop = connection.channel.eventLoop, handler = connection.handler
        let promise = eventLoop.makePromise(of: (HTTPResponseHead, ByteBuffer).self)
        let nioDeadline = NIODeadline.now() + TimeAmount(max(ContinuousClock.now.duration(to: deadline), .zero))
        let id = ExchangeID.next(), pool = pool, length = body.length
        let exchange = ExchangeHandler.Exchange(promise: promise, budget: allowed, release: { pool.release(connection) })
        eventLoop.execute {
            handler.begin(id, head: head, inline: inline, announcedLength: length, exchange: exchange, deadline: nioDeadline)
        }
        let (responseHead, buffer) = try await withTaskCancellationHandler {
            if inline != nil { return try await promise.futureResult.get() }
            // The body is written by a child task, so that an answer that arrives first is returned at once,
            // and the writer (told to stop by the handler, or cancelled here) reads no further.
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await Self.stream(body, of: id, to: handler, on: eventLoop) }
                defer { group.cancelAll() }
                return try await promise.futureResult.get()
            }
        } onCancel: {
            eventLoop.execute { handler.cancel(id) }
        }
        var fields = HTTPFields()
        fields.reserveCapacity(responseHead.headers.count)
        for header in responseHead.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        let status = HTTPResponse.Status(code: Int(responseHead.status.code), reasonPhrase: responseHead.status.reasonPhrase)
        let response = HTTPResponse(status: status, headerFields: fields)
        return (response, .bytes(Array(buffer.readableBytesView)))
    }

    /// Writes `body` as exchange `id`'s, until its end, until the handler says the exchange no longer wants
    /// it (the answer came early, or the exchange is over), or until the task is cancelled. A body that
    /// fails to read fails the exchange (and closes the connection, which holds half a request).
    private static func stream(_ body: Body, of id: UInt64, to handler: ExchangeHandler, on eventLoop: any EventLoop) async {
        var chunks = body.chunks().makeAsyncIterator()
        do {
            while let chunk = try await chunks.next() {
                guard !Task.isCancelled else { return }
                let goOn = try await eventLoop.flatSubmit { handler.writeBodyPart(of: id, chunk, on: eventLoop) }.get()
                guard goOn else { return }
            }
            // A stream ends early when its reader is cancelled: that is not the body's end.
            guard !Task.isCancelled else { return }
            _ = try await eventLoop.flatSubmit { handler.writeBodyEnd(of: id, on: eventLoop) }.get()
        } catch {
            guard !Task.isCancelled else { return }
            eventLoop.execute { handler.requestBodyFailed(of: id, error) }
        }
    }
}
