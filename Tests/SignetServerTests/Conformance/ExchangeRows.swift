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
            ConformanceRow("early answer: 413 with keep-alive right after the head of a 10 MiB upload, GETs every 40 ms meanwhile: "
                           + "the upload gets the 413 without being written whole, every GET its answer, and no request lands in the body",) {
                try await earlyRefusal(over: $0, close: false)
            },
            ConformanceRow("early answer: 413 with Connection: close right after the head of a 10 MiB upload: the upload gets the 413") {
                try await earlyRefusal(over: $0, close: true)
            },
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

    /// The issue-22 scenario: a strict peer answers a 10 MiB upload 413 right after its head, then reads
    /// (and drops) the body it announced, slowly, to stay in step, while GETs go to it on the same transport.
    /// A transport that put the connection back in its pool at the 413 wrote a GET head into the upload's
    /// body, and the peer then read `AAAA…` as a request line.
    static func earlyRefusal(over transport: TransportKind, close: Bool) async throws {
        let directory = try TemporaryDirectory()
        let upload = try Body.file(path: directory.file(named: "upload.bin", bytes: [UInt8](repeating: UInt8(ascii: "A"), count: uploadSize)))
        let peer = try StrictHTTPPeer { request in
            guard request.method == "PUT" else { return .init(bytes: StrictHTTPPeer.response(200, "pong"), delay: .milliseconds(100)) }
            // Read at 3.2 MB/s: a client that wrote on after the answer would still be writing seconds later.
            return .init(bytes: StrictHTTPPeer.response(413, "too large", close: close), early: true, close: close, readPace: .milliseconds(20))
        }
        defer { peer.stop() }
        let client = Client(baseURL: try peer.baseURL, transport: transport.make(), middleware: [TimeoutMiddleware(defaultTimeout: .seconds(8))])
        let done = Flag()
        let uploading = Task {
            defer { done.set() }
            let (response, body) = try await client.send(request(.put, "/upload"), body: upload, operation: "upload")
            return "\(response.status.code) \(String(decoding: try await body.collect(upTo: 1024), as: UTF8.self))"
        }
        // A GET every 40 ms, each answered after 100 ms, so that two or three are in progress at any time and
        // a connection put back in the pool is soon taken. Bounded: at most 150; the last 3 after the upload's answer.
        let (answers, afterUpload) = await withTaskGroup(of: String.self) { group in
            var started = 0, afterUpload = 0
            while started < 150, afterUpload < 3 {
                try? await Task.sleep(for: .milliseconds(40))
                if done.isSet { afterUpload += 1 }
                group.addTask { await get(client) }
                started += 1
            }
            return (await group.reduce(into: [String]()) { $0.append($1) }, afterUpload)
        }
        #expect(afterUpload == 3, "no answer to the upload after 150 GETs")
        switch await uploading.result {
        case .success(let answer): #expect(answer == "413 too large")
        case .failure(let error): Issue.record("the upload failed: \(error)")
        }
        #expect(answers.allSatisfy { $0 == "200 pong" }, "\(answers.filter { $0 != "200 pong" })")
        #expect(peer.malformed.isEmpty, "the peer read these as requests: \(peer.malformed)")
        // The peer records the upload when its connection ends: the client stopped writing and closed it.
        #expect(await eventually { peer.requests.contains { $0.method == "PUT" } }, "the upload's connection was never closed")
        let put = peer.requests.first { $0.method == "PUT" }
        #expect(put?.complete == false && (put?.bodyBytes ?? uploadSize) < uploadSize,
                "the upload was written on after its answer: \(put?.bodyBytes ?? -1) bytes")
    }

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

/// A flag one task sets and another reads.
final class Flag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
