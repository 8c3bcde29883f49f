import Foundation
import HTTPTypes
import Signet
import SignetNIOTransport
import SignetTestSupport
import Testing

/// `NIOTransport.shutdown()`: idle connections close at once (not at the idle timeout), requests waiting for
/// a connection and every later one fail with a typed error, and an exchange in progress runs to its end.
@Suite("NIOTransport: shutdown")
struct ShutdownTests {
    static func get(_ transport: NIOTransport, _ peer: StrictHTTPPeer, _ path: String = "/ping") async throws -> (Int, String) {
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(try peer.baseURL.port ?? 0)", path: path)
        let (response, body) = try await transport.send(request, body: .empty, baseURL: try peer.baseURL)
        return (response.status.code, String(decoding: try await body.collect(upTo: 1024), as: UTF8.self))
    }

    /// Waits, at most `bound` (a hang guard, not a stopwatch: the suite may share two loaded cores), until
    /// `condition` holds; whether it did.
    static func eventually(within bound: Duration = HostileRow.bound, _ condition: () -> Bool) async -> Bool {
        let until = ContinuousClock.now + bound
        while !condition() {
            guard ContinuousClock.now < until else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// The error `operation` ended in, when it was the shut-down transport's.
    static func isShutDown(_ operation: () async throws -> Void) async -> Bool {
        do {
            try await operation()
            return false
        } catch let error as SignetError {
            guard case .invalidRequest(let reason) = error.kind else { return false }
            return reason.contains("shut down")
        } catch {
            return false
        }
    }

    @Test("idle connections are closed when shutdown returns, long before their idle timeout")
    func closesIdleConnections() async throws {
        let peer = try StrictHTTPPeer { _ in .init(bytes: StrictHTTPPeer.response(200, "pong"), delay: .milliseconds(200)) }
        defer { peer.stop() }
        let transport = NIOTransport(timeout: .seconds(30), idleTimeout: .seconds(600))
        async let first = Self.get(transport, peer)
        async let second = Self.get(transport, peer)
        let answers = try await [first, second]
        #expect(answers.map(\.0) == [200, 200] && answers.map(\.1) == ["pong", "pong"])
        // Two, unless a loaded machine started the second request after the first had ended.
        #expect((1...2).contains(peer.connectionsAccepted))
        #expect(peer.connectionsOpen == peer.connectionsAccepted, "idle connections stay open until the shutdown")
        await transport.shutdown()
        // The peer notices the close within its 50 ms poll; the bound only guards against a hang (the idle
        // timeout, 600 s, is far past it).
        #expect(await Self.eventually { peer.connectionsOpen == 0 }, "\(peer.connectionsOpen) connections still open")
    }

    @Test("a request waiting for a connection fails with the typed error; the one in progress gets its answer")
    func failsWaiters() async throws {
        // /slow is answered only once the latch opens, after the shutdown: it is in progress throughout.
        let latch = Latch()
        let peer = try StrictHTTPPeer { request in
            .init(bytes: StrictHTTPPeer.response(200, "pong"), holdUntil: request.target == "/slow" ? latch : nil)
        }
        defer { peer.stop() }
        let transport = NIOTransport(timeout: HostileRow.bound, maxConnectionsPerOrigin: 1)
        let slow = Task { try await Self.get(transport, peer, "/slow") }
        #expect(await Self.eventually { peer.connectionsAccepted == 1 })
        // Queued behind /slow, or (on a slow machine) not yet queued when the shutdown comes: either way it fails so.
        let queued = Task { await Self.isShutDown { _ = try await Self.get(transport, peer, "/queued") } }
        try await Task.sleep(for: .milliseconds(100))
        await transport.shutdown()
        #expect(await queued.value, "the queued request did not fail as shut down")
        latch.open()
        #expect(try await slow.value == (200, "pong"))
        #expect(peer.requests.map(\.target) == ["/slow"])
        #expect(await Self.eventually { peer.connectionsOpen == 0 }, "the connection was not closed after its exchange")
    }

    @Test("a request after shutdown fails at once with the typed error, and reaches no server")
    func refusesLaterRequests() async throws {
        let peer = try StrictHTTPPeer { _ in .init(bytes: StrictHTTPPeer.response(200, "pong")) }
        defer { peer.stop() }
        let transport = NIOTransport(timeout: .seconds(30))
        #expect(try await Self.get(transport, peer) == (200, "pong"))
        await transport.shutdown()
        #expect(await Self.isShutDown { _ = try await Self.get(transport, peer) })
        #expect(peer.connectionsAccepted == 1)
        await transport.shutdown()  // a second shutdown is harmless
    }
}
