import Foundation

/// An HTTP/1.1 server that answers every request with a script of raw steps: bytes, a long run of
/// repeated bytes (a size bomb that is never held in memory), a pause, or a stall that holds the
/// connection open and silent. After the script it closes the connection, so a `Content-Length` larger
/// than what was sent is a body cut short. It counts the bytes it managed to write, so a test can tell how
/// much a client read before it hung up.
///
/// Built on ``HostileSocketServer``: it shares no code with the reference server or any HTTP stack. The
/// reference server is correct by design and cannot send any of this.
public final class HostileHTTPPeer: @unchecked Sendable {
    /// A request as received: method, target (path and query), headers, and the body of its `Content-Length`.
    public struct Request: Sendable {
        public let method: String
        public let target: String
        public let headers: [(name: String, value: String)]
        public let body: [UInt8]

        /// The target without its query.
        public var path: String { String(target.prefix { $0 != "?" }) }

        /// The first header named `name` (case-insensitively).
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// One thing the peer does while answering.
    public enum Step: Sendable {
        /// Writes these bytes.
        case bytes([UInt8])
        /// Writes `chunk` `times` times, stopping as soon as the client is gone.
        case repeated([UInt8], times: Int)
        /// Waits.
        case pause(Duration)
        /// Says nothing more and keeps the connection open until the client hangs up (or the peer stops).
        case stall
    }

    private let server: HostileSocketServer
    private let log: Log

    /// Listens on an ephemeral port of 127.0.0.1 and answers every request with the steps `respond` gives.
    public init(_ respond: @escaping @Sendable (Request) -> [Step]) throws {
        let log = Log()
        server = try HostileSocketServer { connection in Self.serve(connection, log: log, respond) }
        self.log = log
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { get throws { try server.baseURL } }

    /// Requests received for `path` (without query) so far.
    public func requests(to path: String) -> Int { log.lock.withLock { log.paths[path, default: 0] } }

    /// Connections accepted so far (a request may be on one whose head has not been read yet).
    public var connectionsAccepted: Int { server.connectionsAccepted }

    /// Bytes written to clients so far, heads included.
    public var bytesSent: Int { log.lock.withLock { log.sent } }

    /// Stops listening and drops every connection.
    public func stop() { server.stop() }

    // MARK: - Building answers

    /// A response head with `Connection: close` (the peer closes after its script) and `headers` as given:
    /// nothing is checked, so a `Content-Length` may lie.
    public static func head(_ status: Int, _ reason: String = "Whatever", _ headers: [(String, String)] = []) -> Step {
        var text = "HTTP/1.1 \(status) \(reason)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Connection: close\r\n\r\n"
        return .bytes(Array(text.utf8))
    }

    /// A complete response: `status`, a true `Content-Length`, `headers` and `bytes`.
    public static func response(
        bytes: [UInt8], status: Int = 200, contentType: String = "application/json", headers: [(String, String)] = []
    ) -> [Step] {
        [head(status, "Whatever", [("Content-Type", contentType), ("Content-Length", "\(bytes.count)")] + headers), .bytes(bytes)]
    }

    /// A complete response with a text body.
    public static func response(
        _ body: String, status: Int = 200, contentType: String = "application/json", headers: [(String, String)] = []
    ) -> [Step] {
        response(bytes: Array(body.utf8), status: status, contentType: contentType, headers: headers)
    }

    // MARK: - One connection

    private final class Log: @unchecked Sendable {
        let lock = NSLock()
        var paths: [String: Int] = [:]
        var sent = 0
    }

    private static func serve(_ connection: HostileConnection, log: Log, _ respond: (Request) -> [Step]) {
        guard let (head, rest) = connection.readHead() else { return }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ").map(String.init) ?? []
        guard requestLine.count >= 2 else { return }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        var body = rest
        while body.count < min(length, 1 << 20), let chunk = connection.receive(waitingAtMost: 50) { body += chunk }
        let request = Request(method: requestLine[0], target: requestLine[1], headers: headers, body: body)
        log.lock.withLock { log.paths[request.path, default: 0] += 1 }

        func write(_ bytes: [UInt8]) -> Bool {
            guard connection.send(bytes) else { return false }
            log.lock.withLock { log.sent += bytes.count }
            return true
        }
        for step in respond(request) {
            switch step {
            case .bytes(let bytes):
                guard write(bytes) else { return }
            case .repeated(let chunk, let times):
                for _ in 0..<times { guard write(chunk) else { return } }
            case .pause(let duration):
                Thread.sleep(forTimeInterval: Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
            case .stall:
                connection.stall()
                return
            }
        }
    }
}
