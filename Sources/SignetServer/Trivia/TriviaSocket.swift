import Foundation
import HTTPTypes
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import SignetTrivia

extension TriviaService {
    /// The largest WebSocket message read from a client, in bytes; a larger one closes the socket
    /// with 1009. Messages between the protocol limit (4096) and this get a `malformed` error.
    static let maxSocketMessageBytes = 16_384

    /// The answer to a WebSocket upgrade request: upgrade `GET /trivia/play?user=U` for a valid user
    /// (with one `Date` header, `date`), decline anything else so the HTTP router answers it.
    func upgrade(_ request: HTTPRequest, channel: any Channel, faults: FaultPlan, date: String)
        -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        guard let user = Self.playUser(request) else { return .dontUpgrade }
        let socket = TriviaSocket(hall: hall, user: user, channel: channel, faults: faults)
        return .upgrade([.date: date]) { inbound, outbound, _ in
            await socket.run(inbound: inbound, outbound: outbound)
        }
    }
}

/// One user's game socket on the server: a writer drains the user's outbox to the socket, a reader
/// hands each frame to the hall. Either ending makes the user leave the game and ends the other (the reader
/// after the close handshake).
struct TriviaSocket: Sendable {
    let hall: TriviaHall
    let user: String
    let channel: any Channel
    let faults: FaultPlan

    /// How long the socket waits for the client's close frame after sending its own.
    static let closeHandshakeTimeout: Duration = .seconds(2)

    /// Which half of the socket ended first.
    private enum Ended: Sendable { case writer, reader, closeTimeout }

    /// Serves the socket until the game finishes for this user or the client goes away.
    ///
    /// When the server ends the game (a refusal, `finish`, a shutdown), the writer sends the close frame
    /// and the reader keeps reading until the client's close frame answers it (RFC 6455 §7.1.1), for at
    /// most ``closeHandshakeTimeout``. Cancelling the reader at once would end the inbound stream, and the
    /// TCP connection with it, before the client had answered.
    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        // A client that does not read what it is sent is dropped at once: no close frame, which it would not
        // read either, and no waiting on writes that it holds up.
        let outbox = TriviaOutbox(tooSlow: { [channel] in channel.close(promise: nil) })
        let seat = await hall.join(user, outbox: outbox)
        await withTaskGroup(of: Ended.self) { group in
            group.addTask {
                for await text in outbox.messages {
                    outbox.took()
                    do { try await outbound.writeTextMessage(text) } catch { return .writer }
                }
                // The hall finished the outbox: after `finish`, a refusal, or a shutdown.
                guard !Task.isCancelled else { return .writer }
                try? await outbound.close(.normalClosure, reason: "game over")
                return .writer
            }
            group.addTask {
                await read(inbound, seat: seat, outbound: outbound)
                return .reader
            }
            let first = await group.next()
            // The user leaves as soon as either half ends: a client that reconnects right after the
            // close frame must not find its old seat taken.
            if let seat { await hall.leave(user, seat: seat) }
            if first == .writer {
                group.addTask {
                    try? await Task.sleep(for: Self.closeHandshakeTimeout)
                    return .closeTimeout
                }
                _ = await group.next()
            }
            group.cancelAll()
        }
    }

    /// Hands every text frame to the hall; a binary frame gets `malformed`. A fault planned for
    /// `/trivia/play` applies to the next frame: `delay` holds it, any other drops the TCP connection.
    private func read(_ inbound: WebSocketInboundStream, seat: Int?, outbound: WebSocketOutboundWriter) async {
        do {
            for try await message in inbound.messages(maxSize: TriviaService.maxSocketMessageBytes) {
                guard let seat else { continue }
                switch faults.take(forPath: "/trivia/play") {
                case .delay(let duration)?:
                    try? await Task.sleep(for: duration)
                case .some:
                    // A dropped connection: no close frame, just the TCP connection going away.
                    try? await channel.close()
                    return
                case nil:
                    break
                }
                switch message {
                case .text(let text):
                    await hall.receive(text, from: user, seat: seat)
                case .binary:
                    await hall.refuse(TriviaServerError(
                        code: .malformed, message: "message: a binary frame; send the JSON as a text frame",
                        path: "message"), to: user, seat: seat)
                }
            }
        } catch {
            // The socket failed (reset, protocol error, oversized message): the client is gone. A protocol
            // fault closes with its own code (1007 for a text frame that is not UTF-8, 1009 for one too large),
            // which returning alone would turn into a normal closure.
            if let code = Self.closeCode(carriedBy: error) { try? await outbound.close(code, reason: nil) }
        }
    }

    /// The close code a fault of swift-websocket's reader carries (its error type is `package`: read by
    /// reflection, the enum's one payload), or nil for any other error.
    private static func closeCode(carriedBy error: any Error) -> WebSocketErrorCode? {
        Mirror(reflecting: error).children.first?.value as? WebSocketErrorCode
    }
}
