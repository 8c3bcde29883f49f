import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Signet
import SignetNIOTransport
import SignetTestSupport
import Synchronization
import Testing

/// `NIOTransport` against a real server on loopback (NIO, with swift-nio-ssl and a certificate made by the
/// `openssl` command for this run where TLS is tested): certificate checks, the per-origin connection
/// limit, idle timeout, and connections the server closes. The transport matrices of the server and worlds
/// suites run everything else against it.
@Suite("NIOTransport", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs /usr/bin/openssl"))
struct NIOTransportTests {
    /// A self-signed certificate and key for `subjectAltName`, made by openssl in `directory`.
    static func certificate(in directory: TemporaryDirectory, altName: String) async throws -> (certificate: String, key: String) {
        let cert = directory.url.appendingPathComponent("cert.pem").path, key = directory.url.appendingPathComponent("key.pem").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                             "-subj", "/CN=signet-test", "-addext", "subjectAltName=\(altName)", "-keyout", key, "-out", cert]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        _ = try await OffPool.run(process, reading: nil)
        try #require(process.terminationStatus == 0, "openssl req failed")
        return (cert, key)
    }

    /// Answers every request with 200 "ok over tls", after `delay`; `closeAfter` closes the connection that
    /// long after answering (keep-alive announced, as a server whose idle timeout is short).
    final class OKHandler: ChannelInboundHandler, Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let delay: TimeAmount
        let closeAfter: TimeAmount?
        let busy: Counter?
        init(delay: TimeAmount = .zero, closeAfter: TimeAmount? = nil, busy: Counter? = nil) {
            self.delay = delay
            self.closeAfter = closeAfter
            self.busy = busy
        }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            let now = (busy?.value.wrappingAdd(1, ordering: .relaxed).newValue) ?? 0
            busy.map { counter in
                var peak = counter.peak.load(ordering: .relaxed)
                while now > peak {
                    let (exchanged, original) = counter.peak.compareExchange(expected: peak, desired: now, ordering: .relaxed)
                    if exchanged { break }
                    peak = original
                }
            }
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: delay) { [self] in
                busy?.value.subtract(1, ordering: .relaxed)
                self.answer(loopBound.value)
            }
        }
        func answer(_ context: ChannelHandlerContext) {
            let body = ByteBuffer(string: "ok over tls")
            var headers = HTTPHeaders()
            headers.add(name: "Content-Length", value: String(body.readableBytes))
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            if let closeAfter {
                let channel = context.channel
                context.eventLoop.scheduleTask(in: closeAfter) { channel.close(promise: nil) }
            }
        }
    }

    /// Connections the server accepted.
    final class Counter: Sendable {
        let value = Atomic(0)
        /// The highest `value` seen, where it counts requests in progress.
        let peak = Atomic(0)
    }

    /// Runs `body` with the port of a TLS server presenting `certificate`, and a count of accepted connections.
    static func withTLSServer(
        certificate: String, key: String, _ body: (Int, Counter) async throws -> Void
    ) async throws {
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem)))
        try await withServer(tls: try NIOSSLContext(configuration: configuration), handler: { OKHandler() }, body)
    }

    /// Runs `body` with the port of an HTTP server (over TLS with `tls`) whose connections answer with
    /// `handler()`, and a count of accepted connections.
    static func withServer(
        tls context: NIOSSLContext?, handler: @escaping @Sendable () -> OKHandler, _ body: (Int, Counter) async throws -> Void
    ) async throws {
        let accepted = Counter()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                accepted.value.add(1, ordering: .relaxed)
                return channel.eventLoop.makeCompletedFuture {
                    if let context { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context)) }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(handler())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        do {
            try await body(try #require(channel.localAddress?.port), accepted)
        } catch {
            try? await channel.close()
            throw error
        }
        try await channel.close()
    }

    static func get(_ transport: NIOTransport, port: Int, scheme: String = "https") async throws -> (Int, String) {
        let request = HTTPRequest(method: .get, scheme: scheme, authority: "127.0.0.1:\(port)", path: "/hello")
        let (response, body) = try await transport.send(request, body: .empty, baseURL: URL(fileURLWithPath: "/"))
        return (response.status.code, String(decoding: try await body.collect(upTo: 1024), as: UTF8.self))
    }

    @Test("a trusted certificate for the address: the answer arrives, and one connection serves both requests")
    func trusted() async throws {
        let directory = try TemporaryDirectory()
        let (certificate, key) = try await Self.certificate(in: directory, altName: "IP:127.0.0.1")
        try await Self.withTLSServer(certificate: certificate, key: key) { port, accepted in
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificate))
            let transport = NIOTransport(tls: tls)
            for _ in 0..<2 {
                let (status, text) = try await Self.get(transport, port: port)
                #expect(status == 200 && text == "ok over tls")
            }
            #expect(accepted.value.load(ordering: .relaxed) == 1)
        }
    }

    @Test("an untrusted certificate is refused with a transport error")
    func untrusted() async throws {
        let directory = try TemporaryDirectory()
        let (certificate, key) = try await Self.certificate(in: directory, altName: "IP:127.0.0.1")
        try await Self.withTLSServer(certificate: certificate, key: key) { port, _ in
            let error = await #expect(throws: SignetError.self) { _ = try await Self.get(NIOTransport(), port: port) }
            guard case .transport? = error?.kind else {
                Issue.record("expected a transport error, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("a trusted certificate for another name is refused with a transport error")
    func wrongName() async throws {
        let directory = try TemporaryDirectory()
        let (certificate, key) = try await Self.certificate(in: directory, altName: "DNS:other.example")
        try await Self.withTLSServer(certificate: certificate, key: key) { port, _ in
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificate))
            let error = await #expect(throws: SignetError.self) { _ = try await Self.get(NIOTransport(tls: tls), port: port) }
            guard case .transport? = error?.kind else {
                Issue.record("expected a transport error, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("at most maxConnectionsPerOrigin connections to one origin: 12 concurrent requests share 2")
    func connectionLimit() async throws {
        let busy = Counter()
        try await Self.withServer(tls: nil, handler: { OKHandler(delay: .milliseconds(20), busy: busy) }) { port, accepted in
            let transport = NIOTransport(maxConnectionsPerOrigin: 2)
            try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for _ in 0..<12 { group.addTask { try await Self.get(transport, port: port, scheme: "http") } }
                for try await (status, text) in group { #expect(status == 200 && text == "ok over tls") }
            }
            #expect(accepted.value.load(ordering: .relaxed) == 2)
            // Never more than two in progress at the server. (Exactly two is likely but not certain: on a loaded
            // machine the first connection can serve every queued request before the second one is up.)
            #expect(busy.peak.load(ordering: .relaxed) <= 2)
        }
    }

    @Test("a connection idle past idleTimeout is closed, and the next request opens a new one")
    func idleTimeout() async throws {
        try await Self.withServer(tls: nil, handler: { OKHandler() }) { port, accepted in
            let transport = NIOTransport(idleTimeout: .milliseconds(50))
            _ = try await Self.get(transport, port: port, scheme: "http")
            try await Task.sleep(for: .milliseconds(300))
            let (status, _) = try await Self.get(transport, port: port, scheme: "http")
            #expect(status == 200)
            #expect(accepted.value.load(ordering: .relaxed) == 2)
        }
    }

    @Test("a GET on a connection the server closed while idle is sent again on a new one, unseen by the caller")
    func staleConnection() async throws {
        try await Self.withServer(tls: nil, handler: { OKHandler(closeAfter: .milliseconds(20)) }) { port, accepted in
            let transport = NIOTransport()
            _ = try await Self.get(transport, port: port, scheme: "http")
            try await Task.sleep(for: .milliseconds(200))
            let (status, text) = try await Self.get(transport, port: port, scheme: "http")
            #expect(status == 200 && text == "ok over tls")
            #expect(accepted.value.load(ordering: .relaxed) == 2)
        }
    }

    @Test("waiting for a connection counts against the deadline: a request queued behind a slow one times out")
    func waitBoundedByDeadline() async throws {
        // The slow answer would take 90 s (it is cancelled at the end); the queued request's deadline is 100 ms.
        // What is tested is that the wait ends at the deadline and not when the slow exchange ends: so the
        // timeout must arrive while the slow request still holds the connection. (A wall-clock bound measured
        // the machine instead: at the suite's busy start a 100 ms deadline was seen to end after 32 s, the wait
        // of the timer's task for one of the two pool threads; alone the test takes 0.2 s.)
        try await Self.withServer(tls: nil, handler: { OKHandler(delay: .seconds(90)) }) { port, _ in
            // The slow request's own timeout (the transport's, with no deadline given) outlasts its 90 s answer.
            let transport = NIOTransport(timeout: .seconds(120), maxConnectionsPerOrigin: 1)
            let slowEnded = Atomic<Bool>(false)
            let slow = Task {
                defer { slowEnded.store(true, ordering: .relaxed) }
                return try await Self.get(transport, port: port, scheme: "http")
            }
            try await Task.sleep(for: .milliseconds(100))  // the slow request holds the only connection
            let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(port)", path: "/queued")
            let error = await #expect(throws: SignetError.self) {
                _ = try await transport.send(request, body: .empty, baseURL: URL(fileURLWithPath: "/"), deadline: .now + .milliseconds(100))
            }
            guard case .timeout? = error?.kind else {
                Issue.record("expected a timeout, got \(String(describing: error))")
                return
            }
            let slowHadEnded = slowEnded.load(ordering: .relaxed)
            #expect(!slowHadEnded, "the queued request timed out only once the slow exchange had ended")
            slow.cancel()
            _ = await slow.result
        }
    }

    @Test("a request body that fails to read frees its connection, streamed or sent with the head", arguments: [nil, 10] as [Int?])
    func failingBodyFreesConnection(length: Int?) async throws {
        struct Broken: Error {}
        try await Self.withServer(tls: nil, handler: { OKHandler() }) { port, _ in
            // One slot: a connection that is not freed makes the GET wait out the whole timeout (a hang guard,
            // not a speed: SlowClientScenarios.servedUnderSuiteLoad says why it is long).
            let transport = NIOTransport(timeout: SlowClientScenarios.servedUnderSuiteLoad, maxConnectionsPerOrigin: 1)
            let stream = AsyncThrowingStream<[UInt8], any Error> { continuation in
                continuation.yield([0x61])
                continuation.finish(throwing: Broken())
            }
            let post = HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1:\(port)", path: "/upload")
            await #expect(throws: (any Error).self) {
                _ = try await transport.send(post, body: .stream(stream, length: length), baseURL: URL(fileURLWithPath: "/"))
            }
            let (status, text) = try await Self.get(transport, port: port, scheme: "http")
            #expect(status == 200 && text == "ok over tls")
        }
    }
}
