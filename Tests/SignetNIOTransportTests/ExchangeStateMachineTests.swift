#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOHTTP1
import NIOSSL
@testable import SignetNIOTransport
import Testing

/// `ExchangeStateMachine` without a socket: each phase of an exchange, what every event does in it, and
/// above all when a connection may carry another request (RFC 9112 §9.5).
@Suite("Exchange state machine")
struct ExchangeStateMachineTests {
    typealias Machine = ExchangeStateMachine<String>

    /// An action as text, so that a test compares the whole of it.
    static func text(_ action: Machine.Action) -> String {
        switch action {
        case .none: "none"
        case .write: "write"
        case .stopBody: "stopBody"
        case .close: "close"
        case .succeed(let context, let head, let buffer, let reuse):
            "succeed \(context) \(head.status.code) \"\(String(buffer: buffer))\" reuse: \(reuse)"
        case .fail(let context, let failure): "fail \(context) \(text(failure))"
        }
    }

    static func text(_ failure: Machine.Failure) -> String {
        switch failure {
        case .stale: "stale"
        case .broken: "broken"
        case .timedOut: "timedOut"
        case .cancelled: "cancelled"
        case .tooLarge(let announced, let status): "tooLarge \(announced.map(String.init) ?? "counted") \(status.code)"
        case .requestBody: "requestBody"
        case .bodyLength(let announced, let written): "bodyLength \(announced) \(written)"
        case .busy: "busy"
        }
    }

    static func phase(_ machine: Machine) -> String {
        switch machine.state {
        case .idle: "idle"
        case .sendingBody: "sendingBody"
        case .awaitingHead: "awaitingHead"
        case .receivingBody(_, _, _, let request): "receivingBody \(request)"
        case .closed: "closed"
        case .modifying: "modifying"
        }
    }

    static func head(_ status: HTTPResponseStatus, _ headers: [(String, String)] = [], version: HTTPVersion = .http1_1) -> HTTPResponseHead {
        HTTPResponseHead(version: version, status: status, headers: HTTPHeaders(headers))
    }

    /// Feeds a whole answer (head, `body`, end) and returns the last action.
    static func answer(_ machine: inout Machine, _ head: HTTPResponseHead, body: String = "") -> String {
        #expect(text(machine.responseHead(head)) == "none")
        var part = ByteBuffer(string: body)
        #expect(text(machine.responseBodyPart(&part)) == "none")
        return text(machine.responseEnd())
    }

    @Test("a request sent whole, answered with keep-alive: the answer, and the connection is reused")
    func inlineKeepAlive() {
        var machine = Machine(maxResponseBytes: 100)
        #expect(Self.text(machine.begin("a", id: 1, streamingBody: false, announcedLength: 5)) == "write")
        #expect(Self.phase(machine) == "awaitingHead")
        #expect(Self.answer(&machine, Self.head(.ok), body: "hello") == "succeed a 200 \"hello\" reuse: true")
        #expect(Self.phase(machine) == "idle")
        #expect(Self.text(machine.begin("b", id: 2, streamingBody: false, announcedLength: nil)) == "write")
    }

    @Test("an answer with Connection: close, or HTTP/1.0 without keep-alive, or 101: the connection is not reused",
          arguments: [ExchangeStateMachineTests.head(.ok, [("Connection", "close")]), ExchangeStateMachineTests.head(.ok, version: .http1_0),
                     ExchangeStateMachineTests.head(.switchingProtocols)])
    func notKeepAlive(_ head: HTTPResponseHead) {
        var machine = Machine(maxResponseBytes: 100)
        _ = machine.begin("a", id: 1, streamingBody: false, announcedLength: 0)
        #expect(Self.answer(&machine, head).hasSuffix("reuse: false"))
        #expect(Self.phase(machine) == "closed")
        #expect(Self.text(machine.begin("b", id: 2, streamingBody: false, announcedLength: 0)) == "fail b stale")
    }

    @Test("a streamed body written to its end, then the answer: the connection is reused")
    func streamedThenAnswered() {
        var machine = Machine(maxResponseBytes: 100)
        #expect(Self.text(machine.begin("a", id: 1, streamingBody: true, announcedLength: 6)) == "write")
        #expect(Self.phase(machine) == "sendingBody")
        #expect(Self.text(machine.requestBodyPart(of: 1, count: 4)) == "write")
        #expect(Self.text(machine.requestBodyPart(of: 1, count: 2)) == "write")
        #expect(Self.text(machine.requestBodyEnd(of: 1)) == "write")
        #expect(Self.phase(machine) == "awaitingHead")
        #expect(Self.answer(&machine, Self.head(.created)) == "succeed a 201 \"\" reuse: true")
    }

    /// The bug of issue 22: the answer ended while the body was still being written, the connection went back
    /// to the pool, and the next request's head was written into the middle of this body.
    @Test("413 while the body is being written: the body stops at the head, the connection closes after the answer")
    func earlyRefusal() {
        var machine = Machine(maxResponseBytes: 100)
        _ = machine.begin("upload", id: 7, streamingBody: true, announcedLength: 10 << 20)
        #expect(Self.text(machine.requestBodyPart(of: 7, count: 65_536)) == "write")
        #expect(Self.text(machine.responseHead(Self.head(.payloadTooLarge))) == "none")
        #expect(Self.phase(machine) == "receivingBody abandoned")
        #expect(Self.text(machine.requestBodyPart(of: 7, count: 65_536)) == "stopBody")
        var part = ByteBuffer(string: "too large")
        _ = machine.responseBodyPart(&part)
        #expect(Self.text(machine.responseEnd()) == "succeed upload 413 \"too large\" reuse: false")
        #expect(Self.phase(machine) == "closed")
        #expect(Self.text(machine.requestBodyPart(of: 7, count: 65_536)) == "stopBody")
        #expect(Self.text(machine.requestBodyEnd(of: 7)) == "stopBody")
    }

    @Test("a 2xx while the body is being written: the body goes on; reused only if it ends before the answer")
    func earlySuccess() {
        var ended = Machine(maxResponseBytes: 100)
        _ = ended.begin("a", id: 1, streamingBody: true, announcedLength: 8)
        #expect(Self.text(ended.requestBodyPart(of: 1, count: 4)) == "write")
        _ = ended.responseHead(Self.head(.ok))
        #expect(Self.phase(ended) == "receivingBody sending")
        #expect(Self.text(ended.requestBodyPart(of: 1, count: 4)) == "write")
        #expect(Self.text(ended.requestBodyEnd(of: 1)) == "write")
        #expect(Self.phase(ended) == "receivingBody complete")
        #expect(Self.text(ended.responseEnd()) == "succeed a 200 \"\" reuse: true")

        var unfinished = Machine(maxResponseBytes: 100)
        _ = unfinished.begin("b", id: 2, streamingBody: true, announcedLength: 8)
        _ = unfinished.requestBodyPart(of: 2, count: 4)
        #expect(Self.answer(&unfinished, Self.head(.ok), body: "ok") == "succeed b 200 \"ok\" reuse: false")
        #expect(Self.text(unfinished.requestBodyPart(of: 2, count: 4)) == "stopBody")
    }

    @Test("a streamed body that gives more or fewer bytes than it announced fails the exchange")
    func bodyLength() {
        var over = Machine(maxResponseBytes: 100)
        _ = over.begin("a", id: 1, streamingBody: true, announcedLength: 10)
        #expect(Self.text(over.requestBodyPart(of: 1, count: 11)) == "fail a bodyLength 10 11")
        #expect(Self.phase(over) == "closed")

        var short = Machine(maxResponseBytes: 100)
        _ = short.begin("b", id: 2, streamingBody: true, announcedLength: 10)
        _ = short.requestBodyPart(of: 2, count: 5)
        #expect(Self.text(short.requestBodyEnd(of: 2)) == "fail b bodyLength 10 5")

        var chunked = Machine(maxResponseBytes: 100)
        _ = chunked.begin("c", id: 3, streamingBody: true, announcedLength: nil)
        #expect(Self.text(chunked.requestBodyPart(of: 3, count: 1_000)) == "write")
        #expect(Self.text(chunked.requestBodyEnd(of: 3)) == "write")
    }

    @Test("the connection ends: before the answer the failure is stale (may be sent again), after its head broken")
    func connectionEnds() {
        let reset = IOError(errnoCode: ECONNRESET, reason: "read")
        var sending = Machine(maxResponseBytes: 100)
        _ = sending.begin("a", id: 1, streamingBody: true, announcedLength: nil)
        #expect(Self.text(sending.connectionEnded(ChannelError.eof)) == "fail a stale")
        var waiting = Machine(maxResponseBytes: 100)
        _ = waiting.begin("b", id: 2, streamingBody: false, announcedLength: nil)
        #expect(Self.text(waiting.connectionEnded(reset)) == "fail b stale")
        var reading = Machine(maxResponseBytes: 100)
        _ = reading.begin("c", id: 3, streamingBody: false, announcedLength: nil)
        _ = reading.responseHead(Self.head(.ok))
        #expect(Self.text(reading.connectionEnded(reset)) == "fail c broken")
        #expect(Self.text(reading.connectionEnded(reset)) == "none")
        for quiet: any Error in [ChannelError.ioOnClosedChannel, IOError(errnoCode: EPIPE, reason: "write"), NIOSSLError.uncleanShutdown] {
            var machine = Machine(maxResponseBytes: 100)
            _ = machine.begin("e", id: 5, streamingBody: false, announcedLength: nil)
            #expect(Self.text(machine.connectionEnded(quiet)) == "fail e stale", "\(quiet)")
        }
        var idle = Machine(maxResponseBytes: 100)
        #expect(Self.text(idle.connectionEnded(reset)) == "close")
        #expect(Self.text(idle.begin("d", id: 4, streamingBody: false, announcedLength: nil)) == "fail d stale")
    }

    @Test("bytes that are no HTTP answer, before any answer: broken (not sent again), the parser's error kept")
    func malformedBeforeTheAnswer() {
        struct Other: Error {}
        for error: any Error in [HTTPParserError.invalidVersion, HTTPParserError.headerOverflow, Other()] {
            var waiting = Machine(maxResponseBytes: 100)
            _ = waiting.begin("a", id: 1, streamingBody: false, announcedLength: nil)
            #expect(Self.text(waiting.connectionEnded(error)) == "fail a broken", "\(error)")
        }
    }

    @Test("a transfer coding other than chunked, never asked for, fails the exchange, naming it; chunked alone is read")
    func unaskedTransferCoding() {
        for codings in [["gzip"], ["gzip, chunked"], ["gzip", "chunked"], ["identity"]] {
            var machine = Machine(maxResponseBytes: 100)
            _ = machine.begin("a", id: 1, streamingBody: false, announcedLength: nil)
            let action = machine.responseHead(Self.head(.ok, codings.map { ("Transfer-Encoding", $0) }))
            guard case .fail(_, .broken(let error)) = action else {
                Issue.record("\(codings): \(Self.text(action))")
                continue
            }
            #expect("\(error)".contains("transfer coding '\(codings.joined(separator: ", "))'"), "\(error)")
        }
        var chunked = Machine(maxResponseBytes: 100)
        _ = chunked.begin("b", id: 2, streamingBody: false, announcedLength: nil)
        #expect(Self.answer(&chunked, Self.head(.ok, [("Transfer-Encoding", "Chunked")]), body: "hi") == "succeed b 200 \"hi\" reuse: true")
    }

    @Test("the answer to a HEAD, a 204 or a 304 has no body, whatever length it announces; a 200 to a GET does")
    func bodilessAnswersAnnounceAnyLength() {
        let huge = [("Content-Length", "17000000")]
        var head = Machine(maxResponseBytes: 100)
        _ = head.begin("a", id: 1, streamingBody: false, announcedLength: nil, isHEAD: true)
        #expect(Self.answer(&head, Self.head(.ok, huge)).hasPrefix("succeed a 200"))
        for status: HTTPResponseStatus in [.noContent, .notModified] {
            var get = Machine(maxResponseBytes: 100)
            _ = get.begin("b", id: 2, streamingBody: false, announcedLength: nil)
            #expect(Self.answer(&get, Self.head(status, huge)).hasPrefix("succeed b \(status.code)"))
        }
        var get = Machine(maxResponseBytes: 100)
        _ = get.begin("c", id: 3, streamingBody: false, announcedLength: nil)
        #expect(Self.text(get.responseHead(Self.head(.ok, huge))) == "fail c tooLarge 17000000 200")
    }

    @Test("a deadline, a cancellation or a body writer of another exchange does nothing to this one")
    func otherExchange() {
        var machine = Machine(maxResponseBytes: 100)
        _ = machine.begin("first", id: 1, streamingBody: true, announcedLength: 4)
        _ = machine.requestBodyPart(of: 1, count: 4)
        _ = machine.requestBodyEnd(of: 1)
        #expect(Self.answer(&machine, Self.head(.ok)).hasSuffix("reuse: true"))
        _ = machine.begin("second", id: 2, streamingBody: true, announcedLength: 4)
        #expect(Self.text(machine.requestBodyPart(of: 1, count: 4)) == "stopBody")
        #expect(Self.text(machine.requestBodyEnd(of: 1)) == "stopBody")
        #expect(Self.text(machine.deadlinePassed(of: 1)) == "none")
        #expect(Self.text(machine.cancel(1)) == "none")
        #expect(Self.text(machine.requestBodyFailed(of: 1, CancellationError())) == "none")
        #expect(Self.phase(machine) == "sendingBody")
        #expect(Self.text(machine.requestBodyPart(of: 2, count: 4)) == "write")
        #expect(Self.text(machine.deadlinePassed(of: 2)) == "fail second timedOut")
    }

    @Test("cancelled, timed out, or its body unreadable: the exchange fails and the connection closes")
    func failures() {
        struct Unreadable: Error {}
        var cancelled = Machine(maxResponseBytes: 100)
        _ = cancelled.begin("a", id: 1, streamingBody: false, announcedLength: nil)
        #expect(Self.text(cancelled.cancel(1)) == "fail a cancelled")
        #expect(Self.phase(cancelled) == "closed")
        var unreadable = Machine(maxResponseBytes: 100)
        _ = unreadable.begin("b", id: 2, streamingBody: true, announcedLength: nil)
        #expect(Self.text(unreadable.requestBodyFailed(of: 2, Unreadable())) == "fail b requestBody")
        var late = Machine(maxResponseBytes: 100)
        _ = late.begin("c", id: 3, streamingBody: false, announcedLength: nil)
        _ = late.responseHead(Self.head(.ok))
        #expect(Self.text(late.deadlinePassed(of: 3)) == "fail c timedOut")
    }

    @Test("a body past the limit fails: at the head when its Content-Length says so, else at the part that passes it")
    func tooLarge() {
        var announced = Machine(maxResponseBytes: 10)
        _ = announced.begin("a", id: 1, streamingBody: false, announcedLength: nil)
        #expect(Self.text(announced.responseHead(Self.head(.ok, [("Content-Length", "11")]))) == "fail a tooLarge 11 200")
        var counted = Machine(maxResponseBytes: 10)
        _ = counted.begin("b", id: 2, streamingBody: false, announcedLength: nil)
        _ = counted.responseHead(Self.head(.ok))
        var first = ByteBuffer(string: "0123456789"), second = ByteBuffer(string: "!")
        #expect(Self.text(counted.responseBodyPart(&first)) == "none")
        #expect(Self.text(counted.responseBodyPart(&second)) == "fail b tooLarge counted 200")
    }

    @Test("an answer no request asked for closes an idle connection; an exchange begun on a busy one fails alone")
    func outOfStep() {
        var idle = Machine(maxResponseBytes: 100)
        #expect(Self.text(idle.responseHead(Self.head(.ok))) == "close")
        #expect(Self.phase(idle) == "closed")
        var busy = Machine(maxResponseBytes: 100)
        _ = busy.begin("a", id: 1, streamingBody: false, announcedLength: nil)
        #expect(Self.text(busy.begin("b", id: 2, streamingBody: false, announcedLength: nil)) == "fail b busy")
        #expect(Self.answer(&busy, Self.head(.ok), body: "for a") == "succeed a 200 \"for a\" reuse: true")
    }

    @Test("retiring closes an idle connection only; the answer's parts are collected in order")
    func retireAndCollect() {
        var idle = Machine(maxResponseBytes: 100)
        #expect(Self.text(idle.retire()) == "close")
        #expect(Self.text(idle.retire()) == "none")
        var busy = Machine(maxResponseBytes: 100)
        _ = busy.begin("a", id: 1, streamingBody: false, announcedLength: nil)
        #expect(Self.text(busy.retire()) == "none")
        _ = busy.responseHead(Self.head(.ok))
        for piece in ["he", "ll", "o"] {
            var part = ByteBuffer(string: piece)
            _ = busy.responseBodyPart(&part)
        }
        #expect(Self.text(busy.responseEnd()) == "succeed a 200 \"hello\" reuse: true")
    }
}
