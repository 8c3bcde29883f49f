import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 exchange over a plain POSIX socket on 127.0.0.1, with the request written byte for byte:
/// the playground tests must send what a hostile page or a DNS-rebound name would (a foreign `Host`, two
/// `Host` headers, none, any `Origin`), which URLSession does not let a caller choose.
struct RawHTTPExchange {
    let status: Int
    let headers: [String: String]
    let body: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `request` (the whole request: head and body) to 127.0.0.1:`port` and reads the answer: its head,
    /// then `Content-Length` bytes, or everything until the server closes. A 101 answer ends at its head.
    /// Every read waits at most 20 s, and the whole exchange at most 60 s.
    static func send(_ request: String, port: Int) async throws -> RawHTTPExchange {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try exchange(Array(request.utf8), port: port) })
            }
        }
    }

    /// A request head with `lines` (headers) and `body`, its `Content-Length` and `Connection: close` added.
    static func request(_ method: String, _ target: String, _ lines: [String], body: String = "") -> String {
        var head = ["\(method) \(target) HTTP/1.1"] + lines + ["Connection: close"]
        if method != "GET" { head.append("Content-Length: \(body.utf8.count)") }
        return head.joined(separator: "\r\n") + "\r\n\r\n" + body
    }

    private static func exchange(_ request: [UInt8], port: Int) throws -> RawHTTPExchange {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { throw Failure(description: "cannot connect to 127.0.0.1:\(port)") }
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "the playground stopped reading the request") }
            sent += count
        }
        let deadline = Date().addingTimeInterval(60)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while Date() < deadline, received.count < 4 * 1024 * 1024 {
            if let parsed = parse(received, complete: false) { return parsed }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += chunk[0..<count]
        }
        guard let parsed = parse(received, complete: true) else {
            throw Failure(description: "no complete answer: \(String(decoding: received.prefix(200), as: UTF8.self))")
        }
        return parsed
    }

    /// The answer in `bytes`, once whole: `complete` when the server closed the connection.
    private static func parse(_ bytes: [UInt8], complete: Bool) -> RawHTTPExchange? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = lines.first?.split(separator: " ") ?? []
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let body = bytes[(end + separator.count)...]
        if status == 101 { return RawHTTPExchange(status: status, headers: headers, body: "") }
        if let length = headers["content-length"].flatMap(Int.init) {
            guard body.count >= length else { return nil }
            return RawHTTPExchange(status: status, headers: headers, body: String(decoding: body.prefix(length), as: UTF8.self))
        }
        return complete ? RawHTTPExchange(status: status, headers: headers, body: String(decoding: body, as: UTF8.self)) : nil
    }
}
