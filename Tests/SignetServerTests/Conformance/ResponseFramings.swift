import Foundation
import HTTPTypes
import Signet
import SignetTestSupport
import SignetTransportTestSupport
import Synchronization
import Testing

/// The ways HTTP/1.1 lets a server frame an answer that the reference server never uses, and answers it
/// forbids or leaves unfinished, sent as raw bytes by a peer that shares no code with any HTTP stack: rows of
/// the transport conformance table. After its bytes the peer closes the connection, so a transport that
/// waits for a body that is not coming fails instead of passing.
enum ResponseFramings {
    struct Framing: Sendable, CustomTestStringConvertible {
        let testDescription: String
        var method: HTTPRequest.Method = .get
        let bytes: String
        var status = 0
        var body = ""
        /// FoundationNetworking (Linux) crashes the process on this framing, so URLSession does not run it.
        var crashesFoundationNetworking = false
        /// `bytes`, then this many copies of `repeated` (a size bomb never held in the peer's memory).
        var repeated: (line: String, times: Int)? = nil

        var steps: [HostileHTTPPeer.Step] {
            [.bytes(Array(bytes.utf8))] + (repeated.map { [.repeated(Array($0.line.utf8), times: $0.times)] } ?? [])
        }
    }

    static let allowed: [Framing] = [
        Framing(testDescription: "100 Continue and 103 Early Hints before the answer are skipped",
                bytes: "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n"
                    + "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello",
                status: 200, body: "hello"),
        Framing(testDescription: "a chunked body with a chunk extension and a trailer field",
                bytes: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                    + "2;note=x\r\nhe\r\n3\r\nllo\r\n0\r\nX-Checksum: 1\r\n\r\n",
                status: 200, body: "hello", crashesFoundationNetworking: true),
        Framing(testDescription: "no Content-Length: the body ends when the server closes",
                bytes: "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nhello", status: 200, body: "hello"),
        Framing(testDescription: "an HTTP/1.0 answer", bytes: "HTTP/1.0 200 OK\r\nContent-Length: 5\r\n\r\nhello",
                status: 200, body: "hello"),
        Framing(testDescription: "HEAD: a Content-Length and no body", method: .head,
                bytes: "HTTP/1.1 200 OK\r\nContent-Length: 10\r\nConnection: close\r\n\r\n", status: 200, body: ""),
        Framing(testDescription: "204 No Content, no length", bytes: "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n",
                status: 204, body: ""),
        Framing(testDescription: "304 Not Modified with the Content-Length of the unchanged body, and no body",
                bytes: "HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\nETag: \"a\"\r\nConnection: close\r\n\r\n",
                status: 304, body: ""),
        // A length past the transports' 16 MiB limit, on answers that have no body: nothing to refuse.
        Framing(testDescription: "HEAD of a resource larger than the response limit", method: .head,
                bytes: "HTTP/1.1 200 OK\r\nContent-Length: 17000000\r\nConnection: close\r\n\r\n", status: 200, body: ""),
        Framing(testDescription: "304 Not Modified for a resource larger than the response limit",
                bytes: "HTTP/1.1 304 Not Modified\r\nContent-Length: 17000000\r\nETag: \"a\"\r\nConnection: close\r\n\r\n",
                status: 304, body: ""),
    ]

    /// One `/framed` request to a peer that answers with `framing`, and what came of it.
    struct Exchange {
        let outcome: HangGuard.Outcome
        /// The status and body read, when the exchange got that far.
        let answer: (status: Int, body: String)?
        /// What the peer saw and wrote, once it has stopped.
        let requests: Int
        let bytesSent: Int

        /// Sends the request over `transport` (no middleware), waiting at most 20 s.
        init(_ framing: Framing, over transport: any Transport) async throws {
            let peer = try HostileHTTPPeer { _ in framing.steps }
            defer { peer.stop() }
            let client = SignetClient(baseURL: try peer.baseURL, transport: transport, middleware: [])
            let answer = Mutex<(status: Int, body: String)?>(nil)
            outcome = await HangGuard.run(within: .seconds(20)) {
                let request = HTTPRequest(method: framing.method, scheme: nil, authority: nil, path: "/framed")
                let (response, body) = try await client.send(request, context: client.makeContext(operation: "framing"))
                let text = String(decoding: try await body.collect(upTo: 1024), as: UTF8.self)
                answer.withLock { $0 = (response.status.code, text) }
            }
            self.answer = answer.withLock { $0 }
            requests = peer.requests(to: "/framed")
            bytesSent = peer.bytesSent
        }
    }

    /// Answers HTTP/1.1 forbids (RFC 9112 §2.2, §4, §6.3, §7.1) or leaves unfinished: each must end in a
    /// transport error.
    static let forbidden: [Framing] = [
        Framing(testDescription: "a status line that is not HTTP", bytes: "HELLO THERE\r\n\r\n"),
        Framing(testDescription: "a status code of two digits", bytes: "HTTP/1.1 20 OK\r\nContent-Length: 0\r\n\r\n"),
        Framing(testDescription: "a header line without a colon", bytes: "HTTP/1.1 200 OK\r\nContent-Length 5\r\n\r\nhello"),
        Framing(testDescription: "a Content-Length that is not a number",
                bytes: "HTTP/1.1 200 OK\r\nContent-Length: five\r\n\r\nhello"),
        Framing(testDescription: "two Content-Lengths that disagree",
                bytes: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 3\r\n\r\nhello"),
        Framing(testDescription: "a chunk size that is not hexadecimal",
                bytes: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n"),
        Framing(testDescription: "a chunked body cut off before its last chunk",
                bytes: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n"),
        Framing(testDescription: "a trailer section cut off",
                bytes: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\nX-A: 1\r\n"),
        Framing(testDescription: "a head cut off before its blank line", bytes: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n"),
        Framing(testDescription: "a status line, then the connection closes", bytes: "HTTP/1.1 200 OK\r\n",
                crashesFoundationNetworking: true),
        Framing(testDescription: "100 Continue, then the connection closes", bytes: "HTTP/1.1 100 Continue\r\n\r\n"),
        Framing(testDescription: "nothing at all: the connection closes", bytes: ""),
        Framing(testDescription: "header lines that never end (40 MiB offered)", bytes: "HTTP/1.1 200 OK\r\n",
                repeated: ("X-Pad: " + String(repeating: "a", count: 1017) + "\r\n", 40 * 1024)),
        Framing(testDescription: "one header line of 40 MiB", bytes: "HTTP/1.1 200 OK\r\nX-Long: ",
                repeated: (String(repeating: "a", count: 1024), 40 * 1024)),
    ]

    /// An allowed framing is read as the answer it frames, on one request.
    static func checkAllowed(_ framing: Framing, over transport: TransportKind) async throws {
        let exchange = try await Exchange(framing, over: transport.make())
        if let error = exchange.outcome.error { Issue.record("the exchange failed: \(error)") }
        if case .hung = exchange.outcome { Issue.record("no answer within 20 s") }
        let (status, body) = try #require(exchange.answer)
        #expect(status == framing.status)
        #expect(body == framing.body)
        #expect(exchange.requests == 1)
    }

    /// A forbidden or unfinished answer ends in a transport error.
    static func checkForbidden(_ framing: Framing, over transport: TransportKind) async throws {
        let exchange = try await Exchange(framing, over: transport.make())
        if let answer = exchange.answer { Issue.record("read as \(answer.status)") }
        // A client that hangs up at its header limit leaves most of a 40 MiB bomb unsent.
        #expect(exchange.bytesSent < 24 << 20, "the peer wrote \(exchange.bytesSent) bytes")
        let error = try #require(exchange.outcome.error as? SignetError, "\(exchange.outcome)")
        guard case .transport = error.kind else {
            Issue.record("not a transport error: \(error)")
            return
        }
        if transport == .asyncHTTPClient, framing.testDescription == "a chunked body cut off before its last chunk" {
            // The head arrived whole: AsyncHTTPClient's transport keeps its status in the error (an early 413
            // whose body AsyncHTTPClient lost is told apart so, ExchangeRows.mayFinishUploadOrLoseAnswer).
            #expect(error.status?.code == 200, "\(error)")
        }
        if transport == .urlSession, framing.testDescription == "two Content-Lengths that disagree" {
            // libcurl reads that body by one of the values; URLSessionTransport refuses the head itself.
            #expect(error.description.contains("Content-Length is not one number (5, 3)"), "\(error)")
        }
    }

    /// Both lists as rows of the table. A framing that crashes FoundationNetworking is named as such for
    /// URLSession: a chunked body's trailer fields reach its header callback, which starts a new response head
    /// and drops the one it had; a status line followed by the end of the connection leaves a head never
    /// finished. Either way the transfer ends in `fatalError("Transfer completed, but there's no response.")`
    /// (NativeProtocol.swift:240, Swift 6.3.1), with no code of `SignetURLSessionTransport` in between to defend.
    static var rows: [ConformanceRow] {
        func row(_ prefix: String, _ framing: Framing, _ check: @escaping @Sendable (Framing, TransportKind) async throws -> Void) -> ConformanceRow {
            var row = ConformanceRow(prefix + framing.testDescription) { transport, _ in try await check(framing, transport) }
            if framing.crashesFoundationNetworking { row.exceptions[.urlSession] = .crashes(crashReason) }
            return row
        }
        return allowed.map { row("framing allowed: ", $0, checkAllowed) } + forbidden.map { row("framing forbidden: ", $0, checkForbidden) }
    }

    static let crashReason = "FoundationNetworking stops the process (fatalError \"Transfer completed, but there's no response.\", "
        + "docs/decisions.md); ResponseFramingTests checks in a child process that it still does"
}
