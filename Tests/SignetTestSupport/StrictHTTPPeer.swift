import Foundation
import Synchronization

/// A keep-alive HTTP/1.1 server that reads requests exactly as RFC 9112 frames them, one after another
/// on each connection, and may answer before it has read a request's body (an early answer). A request
/// line or head that does not parse is recorded (``malformed``) and answered 400 with a close: that is
/// where a client that wrote one request into another's body shows.
///
/// Built on ``HostileSocketServer``: it shares no code with any HTTP stack.
public final class StrictHTTPPeer: @unchecked Sendable {
    /// A request's head as read, and how many body bytes arrived (all of them when `complete`).
    public struct Request: Sendable {
        public let method: String
        public let target: String
        public let headers: [(name: String, value: String)]
        /// The connection it came on: 1 for the first accepted, and so on.
        public let connection: Int
        public var bodyBytes = 0
        public var complete = false

        /// The first header named `name` (case-insensitively).
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// How the peer answers one request.
    public struct Answer: Sendable {
        /// The whole response, as bytes.
        public var bytes: [UInt8]
        /// Whether it is sent right after the request's head, before the body is read.
        public var early = false
        /// With `early`, how many body bytes (of a `Content-Length` body) are read before the answer is sent.
        public var earlyAfter = 0
        /// Whether the peer then closes the connection: it stops writing and reads until the client closes
        /// (so that the client reads the answer, not a reset), or, when `abrupt`, closes at once (as a server
        /// closes a connection it keeps no longer).
        public var close = false
        public var abrupt = false
        /// A pause after every 64 KiB of request body read, so that a large body takes a while to arrive.
        public var readPace: Duration? = nil
        /// A pause before the answer (after the body, or after the head when `early`).
        public var delay: Duration? = nil
        /// When given, the answer waits until this latch opens (at most ``HostileRow/bound``).
        public var holdUntil: Latch? = nil

        public init(
            bytes: [UInt8], early: Bool = false, earlyAfter: Int = 0, close: Bool = false, abrupt: Bool = false,
            readPace: Duration? = nil, delay: Duration? = nil, holdUntil: Latch? = nil
        ) {
            self.bytes = bytes
            self.early = early
            self.earlyAfter = earlyAfter
            self.close = close
            self.abrupt = abrupt
            self.readPace = readPace
            self.delay = delay
            self.holdUntil = holdUntil
        }
    }

    private let server: HostileSocketServer
    private let log: Log

    /// Listens on an ephemeral port of 127.0.0.1 and answers every request with what `answer` gives for its head.
    public init(_ answer: @escaping @Sendable (Request) -> Answer) throws {
        let log = Log()
        server = try HostileSocketServer { connection in
            let number = log.lock.withLock { () -> Int in
                log.open += 1
                log.connections += 1
                return log.connections
            }
            defer { log.lock.withLock { log.open -= 1 } }
            var reader = RequestReader(connection: connection) { count in log.lock.withLock { log.bodyBytes += count } }
            Self.serve(&reader, number: number, log: log, answer)
        }
        self.log = log
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { get throws { try server.baseURL } }

    /// The requests read so far, in the order their bodies ended (or their connection did).
    public var requests: [Request] { log.lock.withLock { log.requests } }

    /// The request lines (or heads) that did not parse, their first 60 characters.
    public var malformed: [String] { log.lock.withLock { log.malformed } }

    /// Request body bytes received so far, on every connection (counted as they arrive).
    public var bodyBytesReceived: Int { log.lock.withLock { log.bodyBytes } }

    /// Connections accepted so far.
    public var connectionsAccepted: Int { log.lock.withLock { log.connections } }

    /// Connections not yet closed by the client (or by the peer).
    public var connectionsOpen: Int { log.lock.withLock { log.open } }

    /// Stops listening and drops every connection.
    public func stop() { server.stop() }

    /// A response of `status` with a `Content-Length` body, keep-alive unless `close`.
    public static func response(_ status: Int, _ body: String = "", close: Bool = false) -> [UInt8] {
        var text = "HTTP/1.1 \(status) Whatever\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n"
        if close { text += "Connection: close\r\n" }
        return Array((text + "\r\n" + body).utf8)
    }

    // MARK: - One connection

    private final class Log: @unchecked Sendable {
        let lock = NSLock()
        var requests: [Request] = []
        var malformed: [String] = []
        var connections = 0
        var open = 0
        var bodyBytes = 0
    }

    private static func serve(_ reader: inout RequestReader, number: Int, log: Log, _ answer: (Request) -> Answer) {
        // Bounded: a client sends no more than this many requests on one connection in any test.
        for _ in 0..<10_000 {
            // One empty line before a request is allowed (RFC 9112 §2.2).
            guard var line = reader.line() else { return }
            if line.isEmpty {
                guard let next = reader.line() else { return }
                line = next
            }
            guard var request = parse(requestLine: line, reader: &reader, connection: number) else {
                log.lock.withLock { log.malformed.append(String(line.prefix(60))) }
                reader.connection.send(response(400, "malformed request", close: true))
                reader.lingeringClose()
                return
            }
            let framing = Framing(request.headers)
            let reply = answer(request)
            reader.beginBody()
            let body: Int?
            switch framing {
            case .length(let length):
                let first = reply.early ? min(reply.earlyAfter, length) : length
                if reader.discard(first, pace: reply.readPace) {
                    if reply.early { reader.answer(reply) }
                    body = reader.discard(length - first, pace: reply.readPace) ? length : nil
                } else {
                    body = nil
                }
            case .chunked:
                if reply.early { reader.answer(reply) }
                body = reader.discardChunked(pace: reply.readPace)
            case .invalid:
                log.lock.withLock { log.malformed.append("framing of \(request.method) \(request.target)") }
                reader.connection.send(response(400, "bad framing", close: true))
                return reader.lingeringClose()
            }
            request.bodyBytes = body ?? reader.bodyBytesRead
            request.complete = body != nil
            log.lock.withLock { log.requests.append(request) }
            guard body != nil else { return }
            if !reply.early { reader.answer(reply) }
            if reply.close {
                if !reply.abrupt { reader.lingeringClose() }
                return
            }
        }
    }

    /// The head after `line`: a method of capital letters, a target in origin or asterisk form, HTTP/1.x,
    /// and header lines with a name and a colon. Nil when any of it does not parse.
    private static func parse(requestLine line: String, reader: inout RequestReader, connection: Int) -> Request? {
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0 >= "A" && $0 <= "Z" }),
              parts[1].hasPrefix("/") || parts[1] == "*", parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
        else { return nil }
        var headers: [(name: String, value: String)] = []
        while let header = reader.line(), !header.isEmpty {
            guard let colon = header.firstIndex(of: ":"), colon != header.startIndex,
                  !header[..<colon].contains(where: { $0 == " " || $0 == "\t" }), headers.count < 200
            else { return nil }
            headers.append((String(header[..<colon]), header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return Request(method: String(parts[0]), target: String(parts[1]), headers: headers, connection: connection)
    }

    /// How a request's body is framed (RFC 9112 §6.3).
    private enum Framing {
        case length(Int)
        case chunked
        case invalid

        init(_ headers: [(name: String, value: String)]) {
            let lengths = Set(headers.filter { $0.name.lowercased() == "content-length" }.map(\.value))
            let codings = headers.filter { $0.name.lowercased() == "transfer-encoding" }.map { $0.value.lowercased() }
            if !codings.isEmpty {
                self = lengths.isEmpty && codings.last?.hasSuffix("chunked") == true ? .chunked : .invalid
            } else if lengths.count > 1 {
                self = .invalid
            } else if let value = lengths.first {
                let digits = !value.isEmpty && value.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
                self = digits ? Int(value).map(Framing.length) ?? .invalid : .invalid
            } else {
                self = .length(0)
            }
        }
    }
}

/// A one-way switch: closed until ``open()``; read from any thread.
public final class Latch: Sendable {
    private let state = Atomic(false)

    public init() {}

    /// Opens the latch, for good.
    public func open() { state.store(true, ordering: .releasing) }

    /// Whether ``open()`` was called.
    public var isOpen: Bool { state.load(ordering: .acquiring) }
}
