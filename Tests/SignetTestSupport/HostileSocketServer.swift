import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The plumbing under the hostile peers (``HostileHTTPPeer``, ``HostileWebSocketPeer``): a loopback TCP
/// listener on POSIX sockets with one thread per connection, so a peer can stall, drip, lie about a length
/// or hang up mid-body, none of which a real HTTP stack lets a server do. It shares no code with the
/// reference server, Hummingbird, NIO or AsyncHTTPClient.
public final class HostileSocketServer: @unchecked Sendable {
    /// The port on ``host``.
    public let port: UInt16
    /// The loopback address listened on: 127.0.0.1 unless the test asked for another (127.0.0.2 stands for
    /// "another origin" in the redirect tests).
    public let host: String
    private let listener: Int32
    private let lock = NSLock()
    private var stopped = false
    /// Connections still open. A descriptor is shut down or closed only while it is in here, under the
    /// lock: once closed its number may belong to another test's socket in this process.
    private var connections: Set<Int32> = []
    private var accepted = 0

    /// Listens on an ephemeral port of `host` (a loopback IPv4 address) and runs `serve` on its own thread
    /// for every connection; the connection is closed when `serve` returns.
    public init(host: String = "127.0.0.1", _ serve: @escaping @Sendable (HostileConnection) -> Void) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw HostilePeerError(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr(host)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 64) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw HostilePeerError(description: "cannot listen on \(host)")
        }
        self.listener = listener
        self.host = host
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptConnections(serve) }
    }

    /// `http://HOST:PORT`.
    public var baseURL: URL {
        get throws {
            guard let url = URL(string: "http://\(host):\(port)") else { throw HostilePeerError(description: "no URL") }
            return url
        }
    }

    /// Connections accepted so far.
    public var connectionsAccepted: Int { lock.withLock { accepted } }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool { lock.withLock { stopped } }

    /// Stops listening and drops every connection. The listener is only shut down here (its accept
    /// fails) and closed by the accepting thread, so no descriptor is used after it is closed.
    public func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptConnections(_ serve: @escaping @Sendable (HostileConnection) -> Void) {
        while true {
            let descriptor = accept(listener, nil, nil)
            let isAccepted: Bool = lock.withLock {
                guard descriptor >= 0 else { return false }
                if stopped {
                    close(descriptor)
                    return false
                }
                connections.insert(descriptor)
                accepted += 1
                return true
            }
            if isAccepted {
                Thread.detachNewThread { [self] in
                    serve(HostileConnection(descriptor: descriptor, server: self))
                    lock.withLock {
                        connections.remove(descriptor)
                        close(descriptor)
                    }
                }
            } else if isStopped {
                break
            }
        }
        close(listener)
    }
}

/// One accepted connection: blocking reads with a poll timeout and whole writes, ending quietly when the
/// client hangs up or the server stops.
public struct HostileConnection: Sendable {
    let descriptor: Int32
    let server: HostileSocketServer

    /// Bytes that arrived within `milliseconds` (possibly none); nil once the connection closed or the
    /// server stopped.
    public func receive(waitingAtMost milliseconds: Int32) -> [UInt8]? {
        guard !server.isStopped else { return nil }
        var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&polled, 1, milliseconds)
        guard ready > 0 else { return ready == 0 ? [] : nil }
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Array(chunk[0..<count])
    }

    /// Writes all of `bytes`; false once the client is gone (or the server stopped).
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            guard !server.isStopped else { return false }
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Sends a FIN: the client reads the end of input, and this side can still read.
    public func shutdownOutput() {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Says nothing and keeps the connection open until the client hangs up or the server stops.
    public func stall() {
        while receive(waitingAtMost: 50) != nil {}
    }

    /// Reads up to the end of an HTTP head (`\r\n\r\n`); the head and whatever followed it, or nil when the
    /// connection ended first (or the head grew past 64 KiB).
    public func readHead(after buffered: [UInt8] = []) -> (head: [UInt8], rest: [UInt8])? {
        var bytes = buffered
        let terminator = Array("\r\n\r\n".utf8)
        while true {
            if let end = bytes.firstRange(of: terminator) {
                return (Array(bytes[..<end.upperBound]), Array(bytes[end.upperBound...]))
            }
            guard bytes.count < 65_536, let chunk = receive(waitingAtMost: 50) else { return nil }
            bytes += chunk
        }
    }
}

/// A hostile peer could not be set up.
public struct HostilePeerError: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}
