import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A client connection as a hostile client holds one: a POSIX TCP socket to 127.0.0.1 that sends exactly
/// the bytes it is given, when it is given them, and reports what the server answers and whether (and when)
/// the server closed. It shares no code with NIO, Hummingbird or the reference server. Blocking waits run
/// on their own thread, never on Swift's cooperative pool (which the server under test needs).
///
/// ``close()`` only shuts the socket down; the descriptor itself is released in `deinit`, when nothing can
/// still use it. A send or read still running on another thread (a drip a test cancelled, a background
/// write) then fails on this socket instead of writing into, or reading from, whichever socket of the
/// process got the number next. That happened: a cancelled drip's late `send` put one byte in front of a
/// Hummingbird server's answer to another test's client, which failed with "invalid constant string".
public final class RawClientSocket: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var closed = false

    /// Connects to `port` on 127.0.0.1; with `receiveBuffer`, the socket's receive buffer is set to that
    /// many bytes first (the kernel doubles it), so that a client that does not read holds the server up soon.
    public init(port: Int, receiveBuffer: Int32? = nil) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HostilePeerError(description: "socket() failed") }
        if var size = receiveBuffer {
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            Glibc.close(descriptor)
            throw HostilePeerError(description: "cannot connect to 127.0.0.1:\(port) (errno \(errno))")
        }
        self.descriptor = descriptor
    }

    deinit { Glibc.close(descriptor) }

    /// Writes all of `bytes`; false once the server is gone (reset or closed for reading).
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Writes `text` as UTF-8.
    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Writes `bytes` on a thread of its own (for writes larger than the socket buffers, which block until
    /// the server reads); true when all were written.
    public func sendInBackground(_ bytes: [UInt8]) async -> Bool {
        await Self.offPool { self.send(bytes) }
    }

    /// Everything the server sends until it closes the connection or `bound` passes, whichever is first.
    public func readUntilClosed(within bound: Duration) async -> RawRead {
        await Self.offPool { self.readBlocking(within: bound, stopAtHeadEnd: false) }
    }

    /// What the server sends until the end of a response head (`\r\n\r\n`), a close, or `bound`.
    public func readHead(within bound: Duration) async -> RawRead {
        await Self.offPool { self.readBlocking(within: bound, stopAtHeadEnd: true) }
    }

    /// Waits, on one thread, until the server has closed every one of `sockets` or `bound` passes; answers
    /// how many it closed (what they were sent is read and dropped).
    public static func closedCount(_ sockets: [RawClientSocket], within bound: Duration) async -> Int {
        await offPool {
            let end = ContinuousClock.now + bound
            var open = Set(sockets.indices)
            var chunk = [UInt8](repeating: 0, count: 4_096)
            while !open.isEmpty, ContinuousClock.now < end {
                let order = Array(open)
                var polled = order.map { pollfd(fd: sockets[$0].descriptor, events: Int16(POLLIN), revents: 0) }
                guard poll(&polled, nfds_t(polled.count), 50) > 0 else { continue }
                for (slot, entry) in polled.enumerated() where entry.revents != 0 {
                    let count = chunk.withUnsafeMutableBytes { recv(entry.fd, $0.baseAddress, $0.count, 0) }
                    if count <= 0 { open.remove(order[slot]) }
                }
            }
            return sockets.count - open.count
        }
    }

    /// Ends the connection in both directions (once): the server sees it closed, and every later send or
    /// read on this socket fails. The descriptor stays this socket's until `deinit`.
    public func close() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            shutdown(descriptor, Int32(SHUT_RDWR))
        }
    }

    private func readBlocking(within bound: Duration, stopAtHeadEnd: Bool) -> RawRead {
        let start = ContinuousClock.now
        let end = start + bound
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let terminator = Array("\r\n\r\n".utf8)
        while true {
            let left = end - ContinuousClock.now
            guard left > .zero else { return RawRead(bytes: bytes, closed: false, elapsed: ContinuousClock.now - start) }
            var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&polled, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                // 0: the server closed; -1: it reset the connection. Either way, it is gone.
                return RawRead(bytes: bytes, closed: true, elapsed: ContinuousClock.now - start)
            }
            bytes += chunk[0..<count]
            if stopAtHeadEnd, bytes.firstRange(of: terminator) != nil {
                return RawRead(bytes: bytes, closed: false, elapsed: ContinuousClock.now - start)
            }
        }
    }

    /// Runs blocking work on a new thread and awaits its result.
    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}

/// What a ``RawClientSocket`` read: the bytes, whether the server closed, and how long it took.
public struct RawRead: Sendable {
    /// Every byte received.
    public let bytes: [UInt8]
    /// True when the server closed (or reset) the connection; false when the bound passed first.
    public let closed: Bool
    /// From the start of the read to its end.
    public let elapsed: Duration

    /// The status code of the first response in `bytes`, if a status line arrived.
    public var status: Int? {
        let text = String(decoding: bytes.prefix(64), as: UTF8.self)
        guard text.hasPrefix("HTTP/1."), text.count >= 12 else { return nil }
        return Int(text.dropFirst(9).prefix(3))
    }

    /// The bytes as text (for messages and header checks).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// How many response status lines arrived.
    public var responseCount: Int { text.components(separatedBy: "HTTP/1.").count - 1 }
}
