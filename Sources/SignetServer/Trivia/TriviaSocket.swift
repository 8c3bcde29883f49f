import Foundation
import HTTPTypes
import HummingbirdWebSocket
import NIOCore
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
/// hands each frame to the hall. Either ending ends both; the user then leaves the game.
struct TriviaSocket: Sendable {
    let hall: TriviaHall
    let user: String
    let channel: any Channel
    let faults: FaultPlan

    /// Serves the socket until the game finishes for this user or the client goes away.
    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let (outbox, sink) = AsyncStream<String>.makeStream(bufferingPolicy: .unbounded)
        let seat = await hall.join(user, outbox: sink)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await text in outbox {
                    do { try await outbound.writeTextMessage(text) } catch { return }
                }
                // The hall finished the outbox: after `finish`, a refusal, or a shutdown.
                guard !Task.isCancelled else { return }
                try? await outbound.close(.normalClosure, reason: "game over")
            }
            group.addTask {
                await read(inbound, seat: seat)
            }
            await group.next()
            group.cancelAll()
        }
        if let seat { await hall.leave(user, seat: seat) }
    }

    /// Hands every text frame to the hall; a binary frame gets `malformed`. A fault planned for
    /// `/trivia/play` applies to the next frame: `delay` holds it, any other drops the TCP connection.
    private func read(_ inbound: WebSocketInboundStream, seat: Int?) async {
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
            // The socket failed (reset, protocol error, oversized message): the client is gone.
        }
    }
}
