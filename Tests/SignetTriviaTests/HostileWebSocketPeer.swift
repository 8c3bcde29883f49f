import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket server that misbehaves on purpose: it may never finish the upgrade, sends a fixed script
/// of text frames, may repeat some for ever, may ignore pings, and never answers or sends a close frame
/// (nor closes the TCP connection) unless told to.
///
/// It shares no code with the reference server or with swift-websocket: POSIX sockets, one thread per
/// connection, RFC 6455 framing and the handshake's SHA-1 written out below. The hostile behaviours
/// cannot be had from the reference server, whose WebSocket stack answers pings and closes properly.
final class HostileWebSocketPeer: @unchecked Sendable {
    /// What the peer does on each connection.
    struct Behaviour: Sendable {
        /// Whether it answers the upgrade request at all.
        var upgrades = true
        /// Text frames sent right after the upgrade, in order.
        var frames: [String] = []
        /// Text frames sent again and again after `frames`, with this pause between rounds.
        var repeating: (frames: [String], every: Duration)?
        /// Whether pings get their pong.
        var answersPings = true
    }

    /// The port on 127.0.0.1.
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var stopped = false
    /// Connections still open. A descriptor is shut down or closed only while it is in here, under the
    /// lock: once closed its number may belong to another test's socket in this process.
    private var connections: Set<Int32> = []
    private var closeFrames = 0
    private var pings = 0

    /// Listens on an ephemeral port of 127.0.0.1 and serves every connection with `behaviour`.
    init(_ behaviour: Behaviour) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw PeerError(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw PeerError(description: "cannot listen on 127.0.0.1")
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptConnections(behaviour) }
    }

    /// The base URL a client uses to reach this peer.
    var baseURL: URL {
        get throws {
            guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw PeerError(description: "no URL") }
            return url
        }
    }

    /// Close frames received from clients so far.
    var closeFramesReceived: Int { lock.withLock { closeFrames } }

    /// Pings received from clients so far.
    var pingsReceived: Int { lock.withLock { pings } }

    /// Stops listening and drops every connection. The listener is only shut down here (its accept
    /// fails) and closed by the accepting thread, so no descriptor is used after it is closed.
    func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptConnections(_ behaviour: Behaviour) {
        while true {
            let connection = accept(listener, nil, nil)
            let accepted: Bool = lock.withLock {
                guard connection >= 0 else { return false }
                if stopped {
                    close(connection)
                    return false
                }
                connections.insert(connection)
                return true
            }
            if accepted {
                Thread.detachNewThread { [self] in
                    serve(connection, behaviour)
                    lock.withLock {
                        connections.remove(connection)
                        close(connection)
                    }
                }
            } else if isStopped {
                break
            }
        }
        close(listener)
    }

    // MARK: - One connection

    private func serve(_ connection: Int32, _ behaviour: Behaviour) {
        // The upgrade request, up to its blank line.
        var request: [UInt8] = []
        var inbound: [UInt8] = []
        while true {
            guard let chunk = receive(connection, waitingAtMost: 50) else { return }
            request += chunk
            if let end = request.firstRange(of: Array("\r\n\r\n".utf8)) {
                inbound = Array(request[end.upperBound...])
                request = Array(request[..<end.upperBound])
                break
            }
        }
        guard behaviour.upgrades, let key = Self.webSocketKey(in: request) else {
            // Keep the connection open and say nothing until the client or the test gives up.
            while receive(connection, waitingAtMost: 50) != nil {}
            return
        }
        let accept = Data(TestSHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
        send(connection, Array(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(accept)\r\n\r\n").utf8))
        for frame in behaviour.frames { send(connection, Self.frame(opcode: 0x1, Array(frame.utf8))) }
        var nextRound = behaviour.repeating.map { ContinuousClock.now + $0.every }
        while true {
            if let round = nextRound, let repeating = behaviour.repeating, ContinuousClock.now >= round {
                for frame in repeating.frames { send(connection, Self.frame(opcode: 0x1, Array(frame.utf8))) }
                nextRound = round + repeating.every
            }
            guard let chunk = receive(connection, waitingAtMost: 10) else { return }
            inbound += chunk
            while let (opcode, payload, length) = Self.parseFrame(inbound) {
                inbound.removeFirst(length)
                switch opcode {
                case 0x9:
                    lock.withLock { pings += 1 }
                    if behaviour.answersPings { send(connection, Self.frame(opcode: 0xA, payload)) }
                case 0x8:
                    lock.withLock { closeFrames += 1 }  // and never answered
                default:
                    break
                }
            }
        }
    }

    /// Bytes that arrived within `milliseconds` (possibly none); nil once the connection closed or the
    /// peer stopped.
    private func receive(_ connection: Int32, waitingAtMost milliseconds: Int32) -> [UInt8]? {
        guard !isStopped else { return nil }
        var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else { return ready == 0 ? [] : nil }
        var chunk = [UInt8](repeating: 0, count: 4_096)
        let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Array(chunk[0..<count])
    }

    private func send(_ connection: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// The `Sec-WebSocket-Key` header of an upgrade request.
    private static func webSocketKey(in request: [UInt8]) -> String? {
        for line in String(decoding: request, as: UTF8.self).components(separatedBy: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "sec-websocket-key" {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// A server frame (unmasked, final) with `opcode` and `payload`.
    static func frame(opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(127)
            frame += (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        return frame + payload
    }

    /// The first complete client frame in `bytes`: its opcode, unmasked payload and length in bytes.
    static func parseFrame(_ bytes: [UInt8]) -> (opcode: UInt8, payload: [UInt8], length: Int)? {
        guard bytes.count >= 2 else { return nil }
        var length = Int(bytes[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            offset = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            length = bytes[2..<10].reduce(0) { $0 << 8 | Int($1) } & 0xFF_FFFF  // a test client sends little
            offset = 10
        }
        let mask = bytes[1] & 0x80 != 0 ? 4 : 0
        guard bytes.count >= offset + mask + length else { return nil }
        let key = mask == 4 ? Array(bytes[offset..<offset + 4]) : [0, 0, 0, 0]
        let start = offset + mask
        return (bytes[0] & 0x0F, (0..<length).map { bytes[start + $0] ^ key[$0 % 4] }, start + length)
    }

    struct PeerError: Error, CustomStringConvertible {
        let description: String
    }
}

/// SHA-1 (FIPS 180-4), only for the WebSocket handshake's `Sec-WebSocket-Accept` in tests.
enum TestSHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var data = message + [0x80]
        while data.count % 64 != 56 { data.append(0) }
        let bits = UInt64(message.count) * 8
        data += (0..<8).reversed().map { UInt8(truncatingIfNeeded: bits >> (UInt64($0) * 8)) }
        for chunk in stride(from: 0, to: data.count, by: 64) {
            var words = (0..<16).map { index in
                (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[chunk + 4 * index + $1]) }
            }
            for index in 16..<80 { words.append(rotate(words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], 1)) }
            var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32) = switch index {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
                let next = rotate(a, 5) &+ f &+ e &+ k &+ words[index]
                (e, d, c, b, a) = (d, c, rotate(b, 30), a, next)
            }
            for (index, value) in [a, b, c, d, e].enumerated() { state[index] &+= value }
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}
