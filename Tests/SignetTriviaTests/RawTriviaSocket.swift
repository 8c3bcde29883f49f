import Foundation
import SignetServer
import WSClient
@testable import SignetTrivia

/// One frame as the checker reads it.
struct Frame: Codable, Sendable {
    let direction: String
    let label: String
    let text: String
    let valid: Bool
}

/// Every frame of a game in the order seen, whoever sent it.
actor FrameRecorder {
    private(set) var frames: [Frame] = []

    func record(_ frame: Frame) { frames.append(frame) }
}

/// A user's game socket with no client logic in the way: it records every text frame each way, hands the
/// test the server's messages in order, and sends exactly what the test gives it (mistakes included).
final class RawTriviaSocket: Sendable {
    let user: String
    private let inbox: Inbox
    private let recorder: FrameRecorder
    private let connection: Task<Void, Never>

    private init(user: String, inbox: Inbox, recorder: FrameRecorder, connection: Task<Void, Never>) {
        self.user = user
        self.inbox = inbox
        self.recorder = recorder
        self.connection = connection
    }

    /// Connects `user` and returns once the socket is open.
    static func open(_ server: ReferenceServer, user: String, recorder: FrameRecorder) async throws -> RawTriviaSocket {
        let inbox = Inbox()
        let url = "ws://127.0.0.1:\(server.port)/trivia/play?user=\(TriviaUserName.queryEncoded(user))"
        let connection = Task {
            do {
                try await WebSocketClient.connect(url: url, logger: .init(label: "schema-test")) { inbound, outbound, _ in
                    await inbox.attach(outbound)
                    for try await message in inbound.messages(maxSize: 1 << 20) {
                        guard case .text(let text) = message else { continue }
                        await recorder.record(Frame(direction: "server", label: "server → \(user)", text: text, valid: true))
                        await inbox.deliver(text)
                    }
                }
            } catch {
                // The socket failed or was refused: the inbox ends, and waits report it.
            }
            await inbox.close()
        }
        try await inbox.waitUntilOpen(user: user)
        return RawTriviaSocket(user: user, inbox: inbox, recorder: recorder, connection: connection)
    }

    /// Sends a client message as its encoder writes it.
    func send(_ message: TriviaClientMessage) async throws {
        try await send(text: message.jsonText, valid: true)
    }

    /// Sends `text` as one text frame; `valid: false` marks a frame the protocol refuses.
    func send(text: String, valid: Bool) async throws {
        await recorder.record(Frame(direction: "client", label: "\(user) → server", text: text, valid: valid))
        try await inbox.writer().writeTextMessage(text)
    }

    /// The next server message of `type`, skipping others.
    func next(_ type: String) async throws -> TriviaServerMessage {
        guard let text = await inbox.next(matching: { (try? TriviaServerMessage.decode($0))?.typeName == type }) else {
            throw WaitFailure(description: "\(user): no \"\(type)\" message in time; received: \(await inbox.received)")
        }
        return try TriviaServerMessage.decode(text)
    }

    func question() async throws -> TriviaQuestionPrompt {
        guard case .question(let prompt) = try await next("question") else { throw WaitFailure(description: "question") }
        return prompt
    }

    /// The code of the next `error`.
    func error() async throws -> TriviaErrorCode? {
        guard case .error(let error) = try await next("error") else { return nil }
        return error.code
    }

    /// The reason of the next `joker-result` (nil when accepted).
    func jokerReason() async throws -> TriviaErrorCode? {
        guard case .jokerResult(let result) = try await next("joker-result") else { throw WaitFailure(description: "joker-result") }
        return result.reason
    }

    /// Waits until the server has closed the socket.
    func ended() async { await connection.value }

    /// The server's frames not yet taken, the writer once open, and one waiter at a time.
    private actor Inbox {
        private var texts: [String] = []
        /// Everything received so far, for a failure message.
        var received: [String] { texts }
        private var cursor = 0
        private var closed = false
        private var outbound: WebSocketOutboundWriter?
        private var waiters: [CheckedContinuation<Void, Never>] = []

        func attach(_ writer: WebSocketOutboundWriter) {
            outbound = writer
            wake()
        }

        func deliver(_ text: String) {
            texts.append(text)
            wake()
        }

        func close() {
            closed = true
            wake()
        }

        func waitUntilOpen(user: String) async throws {
            while outbound == nil, !closed { await wait() }
            if outbound == nil { throw WaitFailure(description: "\(user): the socket did not open") }
        }

        func writer() throws -> WebSocketOutboundWriter {
            guard let outbound, !closed else { throw WaitFailure(description: "the socket is closed") }
            return outbound
        }

        /// The next text after those taken that `matches`; nil once the socket has closed without one, or
        /// after 30 s (only so that a broken build fails instead of hanging).
        func next(matching matches: @Sendable (String) -> Bool) async -> String? {
            let limit = ContinuousClock.now + .seconds(30)
            let timer = Task { [weak self] in
                try? await Task.sleep(until: limit)
                await self?.wake()
            }
            defer { timer.cancel() }
            while true {
                if let index = texts[cursor...].firstIndex(where: matches) {
                    cursor = index + 1
                    return texts[index]
                }
                if closed || ContinuousClock.now >= limit { return nil }
                await wait()
            }
        }

        private func wait() async {
            await withCheckedContinuation { waiters.append($0) }
        }

        private func wake() {
            let ready = waiters
            waiters = []
            for waiter in ready { waiter.resume() }
        }
    }
}
