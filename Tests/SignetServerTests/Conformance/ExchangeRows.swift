import Foundation
import HTTPTypes
import Signet
import SignetTestSupport
import SignetTransportTestSupport
import Synchronization
import Testing

/// Rows of the transport conformance table about the exchange rather than the framing: answers that arrive
/// before an upload is written, a connection the server closed while idle, deadlines, cancellation.
enum ExchangeRows {
    static var rows: [ConformanceRow] {
        [
            ConformanceRow("stale connection: the server closes a keep-alive connection once it has answered: the next GET is answered on a new one") {
                try await staleConnection(over: $0)
            },
            ConformanceRow("deadline over the head: no answer at all ends in a timeout") {
                try await deadline(over: $0, answer: [.stall])
            },
            ConformanceRow("deadline over the body: an answer's body that stops coming ends in a timeout") {
                try await deadline(over: $0, answer: [HostileHTTPPeer.head(200, "OK", [("Content-Length", "100")]), .bytes(Array("abc".utf8)), .stall])
            },
            ConformanceRow("deadline over the upload: a server that stops reading a 10 MiB upload ends it in a timeout") {
                try await uploadDeadline(over: $0)
            },
            ConformanceRow("cancellation mid-body: cancelling while the answer's body is arriving ends in cancelled") {
                try await cancelledWhileAnswering(over: $0)
            },
            ConformanceRow("cancellation mid-body: cancelling while a 10 MiB upload is being written ends in cancelled") {
                try await cancelledWhileUploading(over: $0)
            },
        ]
    }

    static let uploadSize = 10 << 20

    static func staleConnection(over transport: TransportKind) async throws {
        let peer = try StrictHTTPPeer { _ in .init(bytes: StrictHTTPPeer.response(200, "pong"), close: true, abrupt: true) }
        defer { peer.stop() }
        let client = Client(baseURL: try peer.baseURL, transport: transport.make(), middleware: [TimeoutMiddleware(defaultTimeout: .seconds(10))])
        #expect(await get(client) == "200 pong")
        try await Task.sleep(for: .milliseconds(300))
        #expect(await get(client) == "200 pong")
        #expect(peer.connectionsAccepted == 2)
        #expect(peer.requests.map(\.target) == ["/ping", "/ping"])
    }

    static func deadline(over transport: TransportKind, answer: [HostileHTTPPeer.Step]) async throws {
        let peer = try HostileHTTPPeer { _ in answer }
        defer { peer.stop() }
        let client = Client(baseURL: try peer.baseURL, transport: transport.make(), middleware: [TimeoutMiddleware(defaultTimeout: .seconds(1))])
        expectTimeout(await HangGuard.run(within: .seconds(20)) { _ = try await client.send(request(.get, "/slow"), operation: "slow") })
    }

    static func uploadDeadline(over transport: TransportKind) async throws {
        let directory = try TemporaryDirectory()
        let upload = try Body.file(path: directory.file(named: "upload.bin", bytes: [UInt8](repeating: UInt8(ascii: "A"), count: uploadSize)))
        // 64 KiB, then nothing for 30 s (the peer's thread ends when the peer stops).
        let peer = try StrictHTTPPeer { _ in .init(bytes: StrictHTTPPeer.response(200, "ok"), readPace: .seconds(30)) }
        defer { peer.stop() }
        let client = Client(baseURL: try peer.baseURL, transport: transport.make(), middleware: [TimeoutMiddleware(defaultTimeout: .seconds(1))])
        expectTimeout(await HangGuard.run(within: .seconds(20)) { _ = try await client.send(request(.put, "/upload"), body: upload, operation: "upload") })
    }

    static func cancelledWhileAnswering(over transport: TransportKind) async throws {
        let peer = try HostileHTTPPeer { _ in [HostileHTTPPeer.head(200, "OK", [("Content-Length", "100")]), .bytes(Array("abc".utf8)), .stall] }
        defer { peer.stop() }
        let client = Client(baseURL: try peer.baseURL, transport: transport.make(), middleware: [])
        let call = Task { _ = try await client.send(request(.get, "/body"), operation: "body") }
        #expect(await eventually { peer.bytesSent > 0 }, "the peer never answered")
        try await Task.sleep(for: .milliseconds(200))  // for the client to read the head and the first bytes
        call.cancel()
        expectCancelled(await HangGuard.run(within: .seconds(20)) { try await call.value })
    }

    static func cancelledWhileUploading(over transport: TransportKind) async throws {
        let directory = try TemporaryDirectory()
        let upload = try Body.file(path: directory.file(named: "upload.bin", bytes: [UInt8](repeating: UInt8(ascii: "A"), count: uploadSize)))
        let peer = try StrictHTTPPeer { _ in .init(bytes: StrictHTTPPeer.response(200, "ok"), readPace: .milliseconds(20)) }
        defer { peer.stop() }
        let client = Client(baseURL: try peer.baseURL, transport: transport.make(), middleware: [])
        let call = Task { _ = try await client.send(request(.put, "/upload"), body: upload, operation: "upload") }
        #expect(await eventually { peer.bodyBytesReceived > 0 }, "no body arrived")
        call.cancel()
        expectCancelled(await HangGuard.run(within: .seconds(20)) { try await call.value })
    }

    // MARK: - Helpers

    /// `GET /ping`'s status and body, or the error it ended in.
    static func get(_ client: Client) async -> String {
        do {
            let (response, body) = try await client.send(request(.get, "/ping"), operation: "ping")
            return "\(response.status.code) \(String(decoding: try await body.collect(upTo: 1024), as: UTF8.self))"
        } catch {
            return "\(error)"
        }
    }

    /// Waits, at most `bound` (a hang guard), until `condition` holds; whether it did.
    static func eventually(within bound: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
        let until = ContinuousClock.now + bound
        while !condition() {
            guard ContinuousClock.now < until else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    static func expectTimeout(_ outcome: HangGuard.Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .threw(let error, let elapsed) = outcome else {
            Issue.record("expected a timeout, the call \(outcome)", sourceLocation: sourceLocation)
            return
        }
        #expect((error as? SignetError)?.isTimeout == true, "\(error)", sourceLocation: sourceLocation)
        #expect(elapsed < .seconds(10), "a 1 s deadline took \(elapsed)", sourceLocation: sourceLocation)
    }

    static func expectCancelled(_ outcome: HangGuard.Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .threw(let error, _) = outcome else {
            Issue.record("expected cancelled, the call \(outcome)", sourceLocation: sourceLocation)
            return
        }
        #expect((error as? SignetError)?.isCancellation == true, "\(error)", sourceLocation: sourceLocation)
    }
}
