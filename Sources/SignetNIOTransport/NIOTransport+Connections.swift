import NIOCore
import NIOPosix
import NIOSSL
import Signet

extension NIOTransport {
    /// A channel and its exchange handler (touched only on the channel's event loop).
    struct Connection: Sendable {
        let origin: Origin
        let channel: any Channel
        let handler: ExchangeHandler
    }

    /// A host and port to connect to, from a request's authority (`host`, `host:port`, `[v6]:port`).
    struct Origin: Sendable {
        let host: String
        let port: Int
        let tls: Bool
        var key: String { "\(tls ? "https" : "http")://\(host):\(port)" }

        init?(authority: String, tls: Bool) {
            self.tls = tls
            var hostPart = Substring(authority), portPart: Substring? = nil
            if authority.hasPrefix("[") {
                guard let close = authority.firstIndex(of: "]") else { return nil }
                hostPart = authority[authority.index(after: authority.startIndex)..<close]
                let rest = authority[authority.index(after: close)...]
                if rest.hasPrefix(":") { portPart = rest.dropFirst() } else if !rest.isEmpty { return nil }
            } else if let colon = authority.lastIndex(of: ":") {
                hostPart = authority[..<colon]
                portPart = authority[authority.index(after: colon)...]
            }
            guard !hostPart.isEmpty else { return nil }
            host = String(hostPart)
            if let portPart {
                guard let value = Int(portPart), (1...65535).contains(value) else { return nil }
                port = value
            } else {
                port = tls ? 443 : 80
            }
        }
    }

    /// An idle connection that is still open (and true), or a new one.
    /// Waiting for a free connection counts against the exchange's `deadline`.
    func checkout(_ origin: Origin, deadline: ContinuousClock.Instant) async throws -> (Bool, Connection) {
        switch pool.take(origin.key) {
        case .connection(let connection): return (true, connection)
        case .connect: return (false, try await connect(origin, deadline: deadline))
        case .shutDown: throw Self.shutDownError
        case .wait:
            let pool = pool
            if let connection = try await DeadlineRace.run(timer: .shared(deadline), { try await pool.wait(origin.key) }) {
                return (true, connection)
            }
            return (false, try await connect(origin, deadline: deadline))
        }
    }

    /// Opens a connection in a slot already counted by the pool, by `deadline`; frees the slot if that fails.
    private func connect(_ origin: Origin, deadline: ContinuousClock.Instant) async throws -> Connection {
        let channel: any Channel, handler: ExchangeHandler
        do {
            (channel, handler) = try await open(origin, deadline: deadline)
        } catch {
            pool.connectFailed(origin.key)
            throw error
        }
        let connection = Connection(origin: origin, channel: channel, handler: handler)
        let pool = pool
        channel.closeFuture.whenComplete { _ in pool.closed(connection) }
        return connection
    }

    /// The longest a connection is waited for, whatever the deadline.
    static let connectTimeoutCap = Duration.seconds(10)

    private func open(_ origin: Origin, deadline: ContinuousClock.Instant) async throws -> (any Channel, ExchangeHandler) {
        // Connecting counts against the exchange's deadline: a server whose SYNs are dropped (a full listen
        // queue, a firewall) held a 300 ms request for the fixed 10 s.
        let left = min(max(ContinuousClock.now.duration(to: deadline), .milliseconds(1)), Self.connectTimeoutCap)
        let (seconds, attoseconds) = left.components
        let connectTimeout = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        let handler = ExchangeHandler(maxResponseBytes: maxResponseBytes, idleTimeout: idleTimeout)
        // The host name is checked against the certificate and sent as SNI, unless it is an IP address,
        // which is checked against the certificate's IP entries and never sent as SNI.
        let context = origin.tls ? try sslContext() : nil
        let isAddress = (try? SocketAddress(ipAddress: origin.host, port: 0)) != nil
        let channel = try await ClientBootstrap(group: group)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(connectTimeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let context {
                        let tlsHandler = try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : origin.host)
                        try channel.pipeline.syncOperations.addHandler(tlsHandler)
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
            .connect(host: origin.host, port: origin.port).get()
        return (channel, handler)
    }
}
