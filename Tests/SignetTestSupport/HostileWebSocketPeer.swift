import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket server that misbehaves on purpose: it may never finish the upgrade, sends a fixed script
/// of frames (text, binary, or any opcode), may repeat some for ever, may ignore pings, and never answers
/// or sends a close frame (nor closes the TCP connection) unless told to.
///
/// It shares no code with the reference server or with swift-websocket: ``HostileSocketServer``'s POSIX
/// sockets, RFC 6455 framing and the handshake's SHA-1 written out below. The hostile behaviours
/// cannot be had from the reference server, whose WebSocket stack answers pings and closes properly.
public final class HostileWebSocketPeer: @unchecked Sendable {
    /// One frame the peer sends: an opcode (0x1 text, 0x2 binary, 0x0 continuation, …), its payload, and
    /// whether it is the message's final frame.
    public struct Frame: Sendable {
        public var opcode: UInt8
        public var payload: [UInt8]
        public var final: Bool
        public init(opcode: UInt8, payload: [UInt8], final: Bool = true) {
            self.opcode = opcode
            self.payload = payload
            self.final = final
        }

        /// A text frame.
        public static func text(_ text: String) -> Frame { Frame(opcode: 0x1, payload: Array(text.utf8)) }
        /// A binary frame.
        public static func binary(_ bytes: [UInt8]) -> Frame { Frame(opcode: 0x2, payload: bytes) }
    }

    /// What the peer does on each connection.
    public struct Behaviour: Sendable {
        /// Whether it answers the upgrade request at all.
        public var upgrades = true
        /// Frames sent right after the upgrade, in order.
        public var frames: [Frame] = []
        /// Text frames sent again and again after `frames`, with this pause between rounds.
        public var repeating: (frames: [String], every: Duration)?
        /// Whether pings get their pong.
        public var answersPings = true
        /// Frames sent, in order, each time a text frame from the client arrives (so that a test can say
        /// when they come).
        public var onClientText: [Frame] = []
        /// Whether `frames` go out in the same write as the `101` answer, so that the client reads them
        /// together with the upgrade (as a busy server's first frames often arrive).
        public var framesWithUpgrade = false
        /// Whether the peer sends its FIN right after `frames` (and goes on reading), as a server that ends
        /// the game at once does; with `framesWithUpgrade` the client reads the upgrade, the frames and the
        /// end of input together.
        public var endsInputAfterFrames = false

        public init(upgrades: Bool = true, frames: [Frame] = [], repeating: (frames: [String], every: Duration)? = nil,
                    answersPings: Bool = true, onClientText: [Frame] = []) {
            self.upgrades = upgrades
            self.frames = frames
            self.repeating = repeating
            self.answersPings = answersPings
            self.onClientText = onClientText
        }

        /// This behaviour with `frames` sent in the same write as the `101` answer, followed by a FIN when
        /// `thenEnd`.
        public func withFramesInTheUpgrade(thenEnd: Bool = false) -> Behaviour {
            var behaviour = self
            behaviour.framesWithUpgrade = true
            behaviour.endsInputAfterFrames = thenEnd
            return behaviour
        }

        /// Text frames sent right after the upgrade.
        public init(upgrades: Bool = true, texts: [String], repeating: (frames: [String], every: Duration)? = nil,
                    answersPings: Bool = true, onClientText: [Frame] = []) {
            self.init(upgrades: upgrades, frames: texts.map(Frame.text), repeating: repeating, answersPings: answersPings,
                      onClientText: onClientText)
        }
    }

    private let server: HostileSocketServer
    private let counters: Counters

    /// Listens on an ephemeral port of 127.0.0.1 and serves every connection with `behaviour`.
    public init(_ behaviour: Behaviour) throws {
        let counters = Counters()
        server = try HostileSocketServer { connection in Self.serve(connection, behaviour, counters) }
        self.counters = counters
    }

    /// The port on 127.0.0.1.
    public var port: UInt16 { server.port }

    /// The base URL a client uses to reach this peer.
    public var baseURL: URL { get throws { try server.baseURL } }

    /// Close frames received from clients so far.
    public var closeFramesReceived: Int { counters.lock.withLock { counters.closeFrames } }

    /// Pings received from clients so far.
    public var pingsReceived: Int { counters.lock.withLock { counters.pings } }

    /// Stops listening and drops every connection.
    public func stop() { server.stop() }

    private final class Counters: @unchecked Sendable {
        let lock = NSLock()
        var closeFrames = 0
        var pings = 0
    }

    // MARK: - One connection

    private static func serve(_ connection: HostileConnection, _ behaviour: Behaviour, _ counters: Counters) {
        guard let (request, rest) = connection.readHead() else { return }
        var inbound = rest
        guard behaviour.upgrades, let key = Self.webSocketKey(in: request) else {
            // Keep the connection open and say nothing until the client or the test gives up.
            connection.stall()
            return
        }
        let accept = Data(TestSHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
        let upgrade = Array(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(accept)\r\n\r\n").utf8)
        let frames = behaviour.frames.map { Self.frame(opcode: $0.opcode, $0.payload, final: $0.final) }
        if behaviour.framesWithUpgrade {
            connection.send(upgrade + frames.joined())
        } else {
            connection.send(upgrade)
            for frame in frames { connection.send(frame) }
        }
        if behaviour.endsInputAfterFrames { connection.shutdownOutput() }
        var nextRound = behaviour.repeating.map { ContinuousClock.now + $0.every }
        while true {
            if let round = nextRound, let repeating = behaviour.repeating, ContinuousClock.now >= round {
                for frame in repeating.frames { connection.send(Self.frame(opcode: 0x1, Array(frame.utf8))) }
                nextRound = round + repeating.every
            }
            guard let chunk = connection.receive(waitingAtMost: 10) else { return }
            inbound += chunk
            while let (opcode, payload, length) = Self.parseFrame(inbound) {
                inbound.removeFirst(length)
                switch opcode {
                case 0x9:
                    counters.lock.withLock { counters.pings += 1 }
                    if behaviour.answersPings { connection.send(Self.frame(opcode: 0xA, payload)) }
                case 0x8:
                    counters.lock.withLock { counters.closeFrames += 1 }  // and never answered
                case 0x1:
                    for frame in behaviour.onClientText { connection.send(Self.frame(opcode: frame.opcode, frame.payload)) }
                default:
                    break
                }
            }
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
    public static func frame(opcode: UInt8, _ payload: [UInt8], final: Bool = true) -> [UInt8] {
        var frame: [UInt8] = [(final ? 0x80 : 0) | opcode]
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
    public static func parseFrame(_ bytes: [UInt8]) -> (opcode: UInt8, payload: [UInt8], length: Int)? {
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
}

/// SHA-1 (FIPS 180-4), only for the WebSocket handshake's `Sec-WebSocket-Accept` in tests.
public enum TestSHA1 {
    public static func digest(_ message: [UInt8]) -> [UInt8] {
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
