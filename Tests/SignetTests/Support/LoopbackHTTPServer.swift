#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// What the loopback server saw of one request, sent back as the JSON response body.
struct EchoReport: Codable, Sendable {
    let method: String
    let target: String
    let headers: [String: String]
    let bodyLength: Int
    let bodyHash: UInt64
}

/// A tiny blocking HTTP/1.1 server on 127.0.0.1 for the URLSession transport tests, one thread per
/// connection. The real reference server (Hummingbird) arrives with the server module; until then this
/// exercises the transport over real sockets. Routes: `/status/N` answers N with an `error_message`;
/// `/large` answers 100 KiB; `/large-then-stall` promises 10 MiB, sends 100 KiB and stalls; `/hang` never answers (it announces itself on `hangs` and waits for the
/// client to close); anything else echoes an `EchoReport`.
final class LoopbackHTTPServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let stopped = Mutex(false)
    /// Yields once for each `/hang` request received.
    let hangs: AsyncStream<Void>
    private let hangStarted: AsyncStream<Void>.Continuation

    struct SetupError: Error { let step: String }

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw SetupError(step: "socket") }
        self.listener = listener
        (hangs, hangStarted) = AsyncStream<Void>.makeStream()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic -> Bool in
                bind(listener, generic, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, generic, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw SetupError(step: "bind/listen")
        }
        port = UInt16(bigEndian: address.sin_port)
        let hangStarted = self.hangStarted
        Thread { LoopbackHTTPServer.acceptLoop(listener, hangStarted) }.start()
    }

    /// Stops accepting: the listener is only shut down here (its `accept` fails) and closed by the accept
    /// loop as it ends, so that loop never calls `accept` on a number another socket of the process got.
    func stop() {
        stopped.withLock { stopped in
            guard !stopped else { return }
            stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
        }
    }

    var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)/v1") ?? URL(fileURLWithPath: "/")
    }

    private static func acceptLoop(_ listener: Int32, _ hangStarted: AsyncStream<Void>.Continuation) {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread { serve(connection, hangStarted) }.start()
        }
    }

    private static func serve(_ connection: Int32, _ hangStarted: AsyncStream<Void>.Continuation) {
        defer { close(connection) }
        var reader = SocketReader(descriptor: connection)
        guard let head = reader.readHead() else { return }
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let requestLine = lines[0].split(separator: " ").map(String.init)
        guard requestLine.count == 3 else { return }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var fnv = FNV1a()
        var bodyLength = 0
        let consume: ([UInt8]) -> Void = { bytes in
            bodyLength += bytes.count
            bytes.withUnsafeBytes { fnv.update($0) }
        }
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            guard reader.readChunked(consume) else { return }
        } else if let length = headers["content-length"].flatMap(Int.init) {
            guard reader.readExactly(length, consume) else { return }
        }
        let target = requestLine[1]
        if target == "/v1/hang" {
            hangStarted.yield()
            while reader.fillMore() {}  // until the client gives up and closes
            return
        }
        if target == "/v1/large-then-stall" {
            // Promises 10 MiB, sends 100 KiB, then sends nothing more until the client closes.
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(10 * 1024 * 1024)\r\n"
                + "Date: \(HTTPDateString.now())\r\n\r\n"
            let out = Array(head.utf8) + [UInt8](repeating: 0x61, count: 100 * 1024)
            var sent = 0
            while sent < out.count {
                let offset = sent
                let result = out.withUnsafeBytes { send(connection, $0.baseAddress.map { $0 + offset }, $0.count - offset, 0) }
                if result <= 0 { return }
                sent += result
            }
            while reader.fillMore() {}  // until the client gives up and closes
            return
        }
        let (status, body): (Int, [UInt8])
        if target.hasPrefix("/v1/status/"), let code = Int(target.dropFirst("/v1/status/".count)) {
            (status, body) = (code, Array(#"{"error_message":"status \#(code) as asked"}"#.utf8))
        } else if target == "/v1/large" {
            (status, body) = (200, [UInt8](repeating: 0x61, count: 100 * 1024))
        } else {
            let report = EchoReport(method: requestLine[0], target: target, headers: headers,
                                    bodyLength: bodyLength, bodyHash: fnv.hash)
            (status, body) = (200, (try? JSONEncoder().encode(report)).map { [UInt8]($0) } ?? [])
        }
        let response = "HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
            + "Connection: close\r\nDate: \(HTTPDateString.now())\r\n\r\n"
        let out = Array(response.utf8) + body
        var sent = 0
        while sent < out.count {
            let offset = sent
            let result = out.withUnsafeBytes { send(connection, $0.baseAddress.map { $0 + offset }, $0.count - offset, 0) }
            if result <= 0 { return }
            sent += result
        }
    }
}

/// The current time as an HTTP-date, computed without the library under test.
enum HTTPDateString {
    static func now() -> String {
        var time = time_t(Date().timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Buffered reads from a socket.
struct SocketReader {
    let descriptor: Int32
    var buffer: [UInt8] = []

    mutating func fillMore() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk.prefix(count))
        return true
    }

    mutating func readHead() -> String? {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                return head
            }
            guard buffer.count < 65_536, fillMore() else { return nil }
        }
    }

    mutating func readLine() -> String? {
        while true {
            if let end = find([13, 10]) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            guard buffer.count < 65_536, fillMore() else { return nil }
        }
    }

    mutating func readExactly(_ count: Int, _ consume: ([UInt8]) -> Void) -> Bool {
        var remaining = count
        while remaining > 0 {
            if buffer.isEmpty, !fillMore() { return false }
            let take = min(remaining, buffer.count)
            consume(Array(buffer.prefix(take)))
            buffer.removeFirst(take)
            remaining -= take
        }
        return true
    }

    mutating func readChunked(_ consume: ([UInt8]) -> Void) -> Bool {
        while true {
            guard let line = readLine(),
                  let size = Int(line.split(separator: ";").first.map(String.init) ?? "", radix: 16)
            else { return false }
            if size == 0 { return readLine() != nil }
            guard readExactly(size, consume), readLine() != nil else { return false }
        }
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for start in 0...(buffer.count - pattern.count) where buffer[start..<start + pattern.count].elementsEqual(pattern) {
            return start
        }
        return nil
    }
}
