import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import SignetTestSupport
import Testing

/// What Hummingbird 2.28.1 (with SwiftNIO 2.101.3) does on its own under slow and malformed clients, in a
/// bare app: the behaviour `GuardedChildChannel` works around (docs/decisions.md, "Slow and malformed
/// clients"). If an upgrade changes it, these fail, and the decision is to be revisited.
@Suite("Hummingbird on its own under slow and malformed clients")
struct HummingbirdAloneTests {
    static let rows = MalformedRequest.all(get: "/hello", post: "/echo")
    /// Well past every bound used below: a connection open this long was not going to be closed.
    static let patience = Duration.seconds(3)

    /// What a connection that sent `bytes` (and `drip`, one byte every 100 ms) saw within `patience`.
    static func outcome(port: Int, _ bytes: String, drip: Bool = false) async throws -> RawRead {
        let socket = try RawClientSocket(port: port)
        defer { socket.close() }
        if drip {
            // The head is all written before the first drip: a drip sent while a loaded machine had not yet
            // written the head came first, and the server rightly answered 400 to the mixed bytes.
            _ = await socket.sendInBackground(Array(bytes.utf8))
        }
        async let sent = drip ? true : socket.sendInBackground(Array(bytes.utf8))
        let dripping = Task {
            while drip, !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(100))
                socket.send("a")
            }
        }
        let read = await socket.readUntilClosed(within: patience)
        dripping.cancel()
        _ = await dripping.result
        _ = await sent
        return read
    }

    @Test("HTTP1Channel answers each malformed request 400 and closes, a 200 KiB header line included (never 431)")
    func plainAnswers400() async throws {
        try await BareApp.serve(.http1()) { port in
            for row in Self.rows {
                let read = try await Self.outcome(port: port, String(decoding: row.bytes, as: UTF8.self))
                #expect(read.closed, "\(row)")
                #expect(read.text.hasSuffix("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"),
                        "\(row): \(read.text.prefix(300))")
            }
        }
    }

    @Test("HTTP1WebSocketUpgradeChannel leaves a first request head NIO refuses unanswered and its connection open")
    func upgradeChannelHangs() async throws {
        try await BareApp.serve(BareApp.webSocketUpgrade) { port in
            try await withThrowingTaskGroup(of: (MalformedRequest, RawRead).self) { group in
                for row in Self.rows where row.faultInFirstHead {
                    group.addTask { (row, try await Self.outcome(port: port, String(decoding: row.bytes, as: UTF8.self))) }
                }
                for try await (row, read) in group {
                    #expect(!read.closed && read.bytes.isEmpty, "\(row): \(read.closed ? "closed" : "open"), \(read.text.prefix(200))")
                }
            }
        }
    }

    @Test("HTTP1Channel sets no deadline by default: a stalled head stays open")
    func noDeadlineByDefault() async throws {
        try await BareApp.serve(.http1()) { port in
            let read = try await Self.outcome(port: port, "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            #expect(!read.closed)
        }
    }

    @Test("idleTimeout closes a stalled or dripped head at its bound, silently; a dripped body resets it")
    func idleTimeoutCountsParts() async throws {
        try await BareApp.serve(.http1(configuration: .init(idleTimeout: .seconds(1)))) { port in
            let stalled = try await Self.outcome(port: port, "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            #expect(stalled.closed && stalled.bytes.isEmpty)
            // The timer is reset by HTTP parts, not bytes: head bytes make no part until the head is whole.
            let drippedHead = try await Self.outcome(port: port, "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Drip: ", drip: true)
            #expect(drippedHead.closed && drippedHead.bytes.isEmpty)
            // Each body byte is a part: a body dripped a byte at a time is never idle.
            let drippedBody = try await Self.outcome(
                port: port, "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n", drip: true)
            #expect(!drippedBody.closed)
        }
    }

    @Test("in HTTP1WebSocketUpgradeChannel, idleTimeout does not reach the first head: a stalled one stays open")
    func upgradeChannelIdleTimeout() async throws {
        let server = HTTPServerBuilder.http1WebSocketUpgrade(configuration: .init(http1: .init(idleTimeout: .seconds(1)))) { _, _, _ in
            .dontUpgrade
        }
        try await BareApp.serve(server) { port in
            let stalled = try await Self.outcome(port: port, "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            #expect(!stalled.closed)
            let dripped = try await Self.outcome(port: port, "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Drip: ", drip: true)
            #expect(!dripped.closed)
        }
    }
}
