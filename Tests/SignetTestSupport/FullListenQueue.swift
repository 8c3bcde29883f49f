#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A listening socket on 127.0.0.1 that never accepts, its queue filled by connections of its own: Linux then
/// drops further SYNs, so a client's connect neither succeeds nor fails (as behind a firewall that drops).
public final class FullListenQueue: Sendable {
    /// The port it listens on.
    public let port: Int
    private let sockets: [Int32]

    /// Listens, and fills its queue.
    public init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 0) == 0 && getsockname(listener, pointer, &length) == 0
            }
        }
        guard listener >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
        port = Int(UInt16(bigEndian: address.sin_port))
        var fillers: [Int32] = []
        for _ in 0..<4 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            _ = fcntl(filler, F_SETFL, fcntl(filler, F_GETFL) | O_NONBLOCK)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            fillers.append(filler)
        }
        sockets = [listener] + fillers
        // The first filler's handshake done (writable), the queue of one is full: later SYNs are dropped.
        var ready = pollfd(fd: fillers[0], events: Int16(POLLOUT), revents: 0)
        guard poll(&ready, 1, 5_000) == 1 else {
            close()
            throw POSIXError(.ETIMEDOUT)
        }
    }

    /// Closes the listener and its own connections.
    public func close() { for socket in sockets { _ = Glibc.close(socket) } }
}
