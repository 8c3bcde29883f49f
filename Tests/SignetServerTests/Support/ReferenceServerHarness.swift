import Foundation
import HTTPTypes
import Logging
import Signet
import SignetGameSystem
import SignetServer
import SignetTestSupport
import SignetTransportTestSupport

extension Logger {
    /// A logger that drops everything: tests assert behaviour, not log lines.
    static let quiet = Logger(label: "signet.tests", factory: { _ in SwiftLogNoOpLogHandler() })
}

extension RetryMiddleware {
    /// Three attempts with backoff of at most a few milliseconds: retries without slowing the suite.
    static let fast = RetryMiddleware(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(4))
    /// One attempt: no retry at all.
    static let none = RetryMiddleware(maxAttempts: 1)
}

/// Runs `body` against a fresh reference server on 127.0.0.1 (ephemeral port), stopping it afterwards.
@discardableResult
func withReferenceServer<T>(
    clock: ManualClock? = nil,
    maxBodyBytes: Int = 1024 * 1024,
    _ body: (ReferenceServer) async throws -> T
) async throws -> T {
    var configuration = ReferenceServerConfiguration(maxBodyBytes: maxBodyBytes, logger: .quiet)
    if let clock { configuration.clock = clock.reading() }
    let server = try await ReferenceServer.start(configuration)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Which demo key signs a client's requests.
enum DemoKey {
    case client
    case admin

    var apiKey: String { self == .client ? DemoCredentials.clientKey : DemoCredentials.adminKey }
    var secret: String { self == .client ? DemoCredentials.clientSecret : DemoCredentials.adminSecret }

    func signer(secret override: String? = nil) throws -> GameSystemSigner {
        GameSystemSigner(credentials: try GameSystemCredentials(apiKey: apiKey, secret: override ?? secret))
    }
}

/// A client with the default signed chain (headers → retry → clock skew → signing → logging → timeout).
func signedClient(
    _ server: ReferenceServer,
    _ transport: TransportKind,
    key: DemoKey = .client,
    clock: @escaping @Sendable () -> Date,
    retry: RetryMiddleware = .fast,
    timeout: Duration? = .seconds(10),
    clockOffsets: ClockOffsetStore = ClockOffsetStore()
) throws -> SignetClient {
    SignetClient(
        baseURL: server.baseURL, transport: transport.make(),
        middleware: SignetClient.defaultMiddleware(
            signer: try key.signer(), clockOffsets: clockOffsets, retry: retry, timeout: timeout),
        logger: .quiet, clock: clock)
}

/// A client with the default unsigned chain.
func unsignedClient(
    _ server: ReferenceServer, _ transport: TransportKind, retry: RetryMiddleware = .fast, timeout: Duration? = .seconds(10)
) -> SignetClient {
    SignetClient(baseURL: server.baseURL, transport: transport.make(),
           middleware: SignetClient.defaultMiddleware(retry: retry, timeout: timeout), logger: .quiet)
}

/// A relative request for `path`.
func request(_ method: HTTPRequest.Method, _ path: String, fields: HTTPFields = [:]) -> HTTPRequest {
    HTTPRequest(method: method, scheme: nil, authority: nil, path: path, headerFields: fields)
}

/// The header field name `name` (test constants are valid names).
func field(_ name: String) -> HTTPField.Name {
    HTTPField.Name(name) ?? .accept
}

/// Sends and returns status, fields and the whole body.
func exchange(_ client: SignetClient, _ request: HTTPRequest, body: Body = .empty) async throws
    -> (status: Int, fields: HTTPFields, body: [UInt8]) {
    let (response, responseBody) = try await client.send(request, body: body, operation: "test")
    return (response.status.code, response.headerFields, try await responseBody.collect(upTo: 64 * 1024 * 1024))
}

/// The error thrown by `operation`, which must be a ``SignetError``.
func signetError(_ operation: () async throws -> Void) async -> SignetError? {
    do {
        try await operation()
        return nil
    } catch let error as SignetError {
        return error
    } catch {
        return nil
    }
}

extension SignetError {
    /// The server's `error_message` when this is an HTTP status error.
    var serverMessage: String? {
        if case .httpStatus(_, let message, _) = kind { return message }
        return nil
    }

    /// The raw body preview when this is an HTTP status error.
    var bodyPreview: String? {
        if case .httpStatus(_, _, let preview) = kind { return preview }
        return nil
    }

    var isTransport: Bool {
        if case .transport = kind { return true }
        return false
    }
}
