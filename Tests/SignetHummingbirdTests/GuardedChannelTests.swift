import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import SignetHummingbird
import SignetTestSupport
import Testing

/// A bare Hummingbird app guarded in one line, `server: .http1(guardedBy:)`, under the same slow and
/// malformed clients as the reference server, with short bounds (heads 1 s, bodies 1 s, idle 2.5 s).
@Suite("GuardedChildChannel in a bare Hummingbird app")
struct GuardedChannelTests {
    static let limits = ConnectionLimits(headTimeout: .seconds(1), idleTimeout: .milliseconds(2_500), bodyTimeout: .seconds(1))
    static let guarded = HTTPServerBuilder.http1(guardedBy: limits)

    @Test("a malformed request is answered and closed", arguments: MalformedRequest.all(get: "/hello", post: "/echo"))
    func malformed(_ row: MalformedRequest) async throws {
        try await BareApp.serve(Self.guarded) { port in
            try await SlowClientScenarios.malformed(row, port: port)
        }
    }

    @Test("a stalled head gets 408 at the head bound")
    func stalledHead() async throws {
        try await BareApp.serve(Self.guarded) { port in
            try await SlowClientScenarios.stalledHead(port: port, path: "/hello", headTimeout: Self.limits.headTimeout)
        }
    }

    @Test("a dripped head gets 408 at the head bound")
    func drippedHead() async throws {
        try await BareApp.serve(Self.guarded) { port in
            try await SlowClientScenarios.drippedHead(port: port, path: "/hello", headTimeout: Self.limits.headTimeout)
        }
    }

    @Test("a body dripped slower than the minimum rate gets 408 at the body bound")
    func drippedBody() async throws {
        try await BareApp.serve(Self.guarded) { port in
            try await SlowClientScenarios.drippedBody(port: port, path: "/echo", bodyTimeout: Self.limits.bodyTimeout)
        }
    }

    @Test("a POST that waits for 100 Continue gets it at once, then its answer")
    func expectContinue() async throws {
        try await BareApp.serve(Self.guarded) { port in
            try await SlowClientScenarios.expectContinue(port: port, path: "/echo", status: 200)
        }
    }

    @Test("a kept-alive connection is closed at the idle bound")
    func idle() async throws {
        try await BareApp.serve(Self.guarded) { port in
            try await SlowClientScenarios.idleAfterResponse(port: port, path: "/hello", idleTimeout: Self.limits.idleTimeout)
        }
    }

    @Test("the guard also wraps HummingbirdWebSocket's upgrade channel, whose first head had no deadline")
    func webSocketUpgradeChannel() async throws {
        let server = HTTPServerBuilder { responder in
            GuardedChildChannel(
                HTTP1WebSocketUpgradeChannel(responder: responder, configuration: .init()) { _, _, _ in .dontUpgrade },
                limits: Self.limits)
        }
        try await BareApp.serve(server) { port in
            try await SlowClientScenarios.stalledHead(port: port, path: "/hello", headTimeout: Self.limits.headTimeout)
            try await SlowClientScenarios.malformed(MalformedRequest.all(get: "/hello", post: "/echo")[0], port: port)
        }
    }

    @Test("keep-alive requests are served one after another on one connection")
    func keepAlive() async throws {
        try await BareApp.serve(Self.guarded) { port in
            let socket = try RawClientSocket(port: port)
            defer { socket.close() }
            for _ in 0..<5 {
                socket.send("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let read = await socket.readHead(within: .seconds(5))
                #expect(read.text.contains("HTTP/1.1 200 "), "answered: \(read.text.prefix(200))")
                #expect(!read.closed)
                // Spaced by less than the idle bound but, in all, longer than the head bound.
                try await Task.sleep(for: .milliseconds(300))
            }
        }
    }
}
