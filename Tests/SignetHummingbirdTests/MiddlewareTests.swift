import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import Logging
import ServiceLifecycle
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetHummingbird
import Synchronization
import Testing

/// `GameSystemVerificationMiddleware` in Hummingbird apps of its users' making, over real loopback HTTP.
@Suite("GameSystemVerificationMiddleware in any Hummingbird app")
struct MiddlewareTests {
    static let keys: [String: String] = ["app-client": "client-secret", "app-admin": "admin-secret"]
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Runs an app with `router` on an ephemeral port for the length of `body`.
    static func serve<Context: Hummingbird.RequestContext>(
        _ router: Router<Context>, _ body: (URL) async throws -> Void
    ) async throws where Context.Source == ApplicationRequestContextSource {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { continuation.yield($0.localAddress?.port ?? 0); continuation.finish() },
                              logger: quiet)
        let group = ServiceGroup(configuration: .init(services: [app], logger: quiet))
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
        do {
            try await body(url)
        } catch {
            await group.triggerGracefulShutdown()
            _ = await running.result
            throw error
        }
        await group.triggerGracefulShutdown()
        _ = await running.result
    }

    static func client(_ url: URL, key: String = "app-client", secret: String? = nil) throws -> SignetClient {
        let credentials = try GameSystemCredentials(apiKey: key, secret: secret ?? keys[key] ?? "")
        return SignetClient(baseURL: url, transport: SignetAsyncHTTPClientTransport(),
                      middleware: SignetClient.defaultMiddleware(signer: GameSystemSigner(credentials: credentials),
                                                           clockOffsets: ClockOffsetStore(), retry: RetryMiddleware(maxAttempts: 1)),
                      logger: quiet)
    }

    static func verifier() throws -> GameSystemVerifier {
        GameSystemVerifier(keys: try GameSystemKeyring(secrets: keys))
    }

    struct ErrorBody: Decodable {
        let error_message: String
        let diagnosis: SignetError.Diagnosis?
    }

    @Test("the smallest use: one line on a BasicRequestContext router; the handler reads the key from the task")
    func smallestUse() async throws {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: GameSystemVerificationMiddleware(verifier: try Self.verifier()))
        router.get("whoami") { _, _ in GameSystemIdentity.current?.apiKey ?? "nobody" }
        try await Self.serve(router) { url in
            let (response, body) = try await Self.client(url).send(
                HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/whoami"), operation: "whoami")
            #expect(response.status == .ok)
            #expect(String(decoding: try await body.collect(upTo: 1024), as: UTF8.self) == "app-client")
            // Unsigned: 401, the reason in error_message, one Date, no diagnosis by default.
            let (refused, refusal) = try await SignetAsyncHTTPClientTransport().send(
                HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/whoami"), body: .empty, baseURL: url)
            #expect(refused.status == .unauthorized)
            #expect(refused.headerFields[values: .date].count == 1)
            let error = try JSONDecoder().decode(ErrorBody.self, from: Data(try await refusal.collect(upTo: 4096)))
            #expect(error.error_message.hasPrefix("missing-header: "))
            #expect(error.diagnosis == nil)
        }
    }

    struct AuthContext: AuthRequestContext, Hummingbird.RequestContext {
        var coreContext: CoreRequestContextStorage
        var identity: GameSystemIdentity?
        init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    }

    @Test("with hummingbird-auth's context the identity is context.identity, and roles guard route groups")
    func authContextAndRoles() async throws {
        let router = Router(context: AuthContext.self)
        let options = GameSystemVerificationOptions(keyRoles: ["app-client": .client, "app-admin": .admin], acceptedRoles: [.admin])
        let admin = router.group("admin").add(middleware: GameSystemVerificationMiddleware(verifier: try Self.verifier(), options: options))
        admin.post("events") { _, context in
            "\(context.identity?.apiKey ?? "?") as \(context.identity?.role?.rawValue ?? "?")"
        }
        try await Self.serve(router) { url in
            let post = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/admin/events")
            let (accepted, body) = try await Self.client(url, key: "app-admin").send(post, body: Body("{}"), operation: "post")
            #expect(accepted.status == .ok)
            #expect(String(decoding: try await body.collect(upTo: 1024), as: UTF8.self) == "app-admin as admin")
            let (refused, refusal) = try await Self.client(url, key: "app-client").send(post, body: Body("{}"), operation: "post")
            #expect(refused.status == .unauthorized)
            let error = try JSONDecoder().decode(ErrorBody.self, from: Data(try await refusal.collect(upTo: 4096)))
            #expect(error.error_message == "wrong-key-type: this route needs an admin key, and the request was signed with a client key")
        }
    }

    @Test("replay refusal is on by default; a body past the limit is 413 before any check")
    func replayAndBodyLimit() async throws {
        let router = Router(context: BasicRequestContext.self)
        // One instant for the signatures and the server's clock: the second send must be refused as a replay,
        // not as stale, however long a loaded machine holds it.
        let now = Date()
        let options = GameSystemVerificationOptions(maxBodyBytes: 64, clock: { now })
        router.add(middleware: GameSystemVerificationMiddleware(verifier: try Self.verifier(), options: options))
        router.post("things") { request, _ in
            String(buffer: try await request.body.collect(upTo: 1024))
        }
        try await Self.serve(router) { url in
            let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: "app-client", secret: "client-secret"))
            var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/things")
            try await signer.sign(&request, body: Body("thing"), date: now)
            let (first, echoed) = try await SignetAsyncHTTPClientTransport().send(request, body: Body("thing"), baseURL: url)
            #expect(first.status == .ok)
            #expect(String(decoding: try await echoed.collect(upTo: 64), as: UTF8.self) == "thing")
            let (second, _) = try await SignetAsyncHTTPClientTransport().send(request, body: Body("thing"), baseURL: url)
            #expect(second.status == .unauthorized)
            #expect(second.headerFields[.retryAfter] == "1")
            let big = [UInt8](repeating: 65, count: 65)
            var large = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/things")
            try await signer.sign(&large, body: Body(big), date: now)
            let (tooLarge, _) = try await SignetAsyncHTTPClientTransport().send(large, body: Body(big), baseURL: url)
            #expect(tooLarge.status == .contentTooLarge)
        }
    }

    @Test("with an idempotency store a repeated key runs the handler once and answers the stored response")
    func idempotency() async throws {
        let router = Router(context: BasicRequestContext.self)
        let counter = Counter()
        let options = GameSystemVerificationOptions(idempotencyStore: InMemoryIdempotencyStore())
        router.add(middleware: GameSystemVerificationMiddleware(verifier: try Self.verifier(), options: options))
        router.post("orders") { _, _ in "order \(counter.next())" }
        try await Self.serve(router) { url in
            let client = try Self.client(url)
            var post = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/orders")
            post.headerFields[try #require(HTTPField.Name("Idempotency-Key"))] = "k1"
            var answers: [String] = []
            for _ in 0..<3 {
                let (response, body) = try await client.send(post, body: Body("{}"), operation: "order")
                #expect(response.status == .ok)
                answers.append(String(decoding: try await body.collect(upTo: 1024), as: UTF8.self))
            }
            #expect(answers == ["order 1", "order 1", "order 1"])
            #expect(counter.value == 1)
            let (conflict, _) = try await client.send(post, body: Body(#"{"other": true}"#), operation: "order")
            #expect(conflict.status == .unprocessableContent)
        }
    }

    @Test("a response body that fails while its answer is kept releases the Idempotency-Key: the retry runs, not 409")
    func failingResponseBody() async throws {
        struct BodyFailed: Error {}
        let router = Router(context: BasicRequestContext.self)
        let counter = Counter()
        let options = GameSystemVerificationOptions(idempotencyStore: InMemoryIdempotencyStore(), logger: Self.quiet)
        router.add(middleware: GameSystemVerificationMiddleware(verifier: try Self.verifier(), options: options))
        router.post("orders") { _, _ in
            let attempt = counter.next()
            // The handler returns; its body fails on the first attempt only, after writing a part.
            return Response(status: .ok, body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "order \(attempt)"))
                if attempt == 1 { throw BodyFailed() }
                try await writer.finish(nil)
            })
        }
        try await Self.serve(router) { url in
            let client = try Self.client(url)
            var post = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/orders")
            post.headerFields[try #require(HTTPField.Name("Idempotency-Key"))] = "k-body"
            let (failed, _) = try await client.send(post, body: Body("{}"), operation: "order")
            #expect(failed.status == .internalServerError)
            // Signed in a later second: not a replay of the first.
            try await Task.sleep(for: .milliseconds(1_100))
            let (retried, body) = try await client.send(post, body: Body("{}"), operation: "order")
            #expect(retried.status == .ok)
            #expect(String(decoding: try await body.collect(upTo: 1024), as: UTF8.self) == "order 2")
            #expect(counter.value == 2)
        }
    }

    @Test("explanations are off by default and on when asked: the diagnosis names the mistake")
    func explanations() async throws {
        let router = Router(context: BasicRequestContext.self)
        router.group("plain").add(middleware: GameSystemVerificationMiddleware(verifier: try Self.verifier()))
            .get("x") { _, _ in "x" }
        router.group("explained").add(middleware: GameSystemVerificationMiddleware(
            verifier: try Self.verifier(), options: .init(explainsFailures: true))).get("x") { _, _ in "x" }
        try await Self.serve(router) { url in
            let wrong = try Self.client(url, secret: "client-secret\n")
            for (path, explained) in [("/plain/x", false), ("/explained/x", true)] {
                let error = await #expect(throws: SignetError.self) {
                    _ = try await wrong.send(HTTPRequest(method: .get, scheme: nil, authority: nil, path: path),
                                             context: wrong.makeContext(operation: "x"), decoding: String.self)
                }
                #expect((error?.diagnosis != nil) == explained)
                if explained {
                    #expect(error?.diagnosis?.likelyCause == .secretTrailingNewline)
                    #expect(error?.clientStringToSign == error?.diagnosis?.stringToSign)
                }
            }
        }
    }
}

/// Counts handler runs.
final class Counter: Sendable {
    private let count = Mutex(0)
    func next() -> Int { count.withLock { $0 += 1; return $0 } }
    var value: Int { count.withLock { $0 } }
}
