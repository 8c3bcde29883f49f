import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a connection's bytes as lines and bodies, keeping what was read past them for the next request.
struct RequestReader {
    let connection: HostileConnection
    /// Told how many body bytes arrived, as they do.
    let received: @Sendable (Int) -> Void
    private var buffered: [UInt8] = []
    /// Body bytes read of the current request so far.
    private(set) var bodyBytesRead = 0

    init(connection: HostileConnection, received: @escaping @Sendable (Int) -> Void) {
        self.connection = connection
        self.received = received
    }

    /// Sends `reply`'s bytes after its delay, and once its latch is open.
    func answer(_ reply: StrictHTTPPeer.Answer) {
        if let delay = reply.delay { pause(delay) }
        if let latch = reply.holdUntil {
            let until = ContinuousClock.now + HostileRow.bound
            while !latch.isOpen, ContinuousClock.now < until, !connection.server.isStopped { Thread.sleep(forTimeInterval: 0.01) }
        }
        connection.send(reply.bytes)
    }

    /// Sleeps for `duration`, in slices, ending early when the server stops.
    func pause(_ duration: Duration) {
        let until = ContinuousClock.now + duration
        while ContinuousClock.now < until, !connection.server.isStopped { Thread.sleep(forTimeInterval: 0.01) }
    }

    /// The next line without its CRLF; nil when the connection ended first or the line passed 64 KiB.
    mutating func line() -> String? {
        while true {
            if let end = buffered.firstRange(of: [13, 10]) {
                let line = String(decoding: buffered[..<end.lowerBound], as: UTF8.self)
                buffered.removeSubrange(..<end.upperBound)
                return line
            }
            guard buffered.count < 65_536, fill() else { return nil }
        }
    }

    /// A request's body begins: ``bodyBytesRead`` counts from zero.
    mutating func beginBody() { bodyBytesRead = 0 }

    /// Reads and drops `count` bytes, pausing `pace` after every 64 KiB; false when the connection ended first.
    mutating func discard(_ count: Int, pace: Duration?) -> Bool {
        drop(count, pace: pace)
    }

    /// Reads and drops a chunked body and its trailer section; its size, or nil when it ended first or did not parse.
    mutating func discardChunked(pace: Duration?) -> Int? {
        var total = 0
        while let sizeLine = line() {
            guard let size = Int(sizeLine.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else { return nil }
            if size == 0 {
                while let trailer = line() { if trailer.isEmpty { return total } }
                return nil
            }
            guard drop(size, pace: pace), line() == "" else { return nil }
            total += size
        }
        return nil
    }

    /// Stops writing, reads until the client closes (at most 10 s), and returns for the server to close: the
    /// client reads the answer before the close, instead of a reset that could discard it.
    func lingeringClose() {
        shutdown(connection.descriptor, Int32(SHUT_WR))
        let until = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < until, connection.receive(waitingAtMost: 50) != nil {}
    }

    private mutating func drop(_ count: Int, pace: Duration?) -> Bool {
        var left = count, sincePause = 0
        while left > 0 {
            if buffered.isEmpty, !fill() { return false }
            let taken = min(left, buffered.count)
            buffered.removeFirst(taken)
            left -= taken
            bodyBytesRead += taken
            received(taken)
            sincePause += taken
            if let pace, sincePause >= 65_536 {
                sincePause = 0
                pause(pace)
            }
        }
        return true
    }

    /// Appends what arrives next; false once the connection ended.
    private mutating func fill() -> Bool {
        while true {
            guard let chunk = connection.receive(waitingAtMost: 50) else { return false }
            if !chunk.isEmpty {
                buffered += chunk
                return true
            }
        }
    }
}
