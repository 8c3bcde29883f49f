import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import Signet

/// A swift-openapi-runtime `ClientMiddleware` that runs Signet's client chain — retry, clock-skew correction
/// and signing, with redacting logs — around the rest of a generated client's pipeline, so that every
/// attempt leaves signed with a fresh date.
///
/// Put it in the `middlewares` of a client made by swift-openapi-generator. OpenAPI middleware listed
/// before it run once per call; those after it, and the transport, run once per attempt and see the
/// signed request:
/// ```swift
/// import SignetGameSystem
/// import SignetOpenAPI
/// import SignetOpenAPIAsyncHTTPClient
///
/// let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: "demo-client", secret: secret))
/// let client = Client(                          // generated from docs/openapi.yaml (namingStrategy: idiomatic)
///     serverURL: try Servers.Server1.url(),     // http://127.0.0.1:8080, signet-server's default
///     transport: SignetOpenAPITransport.asyncHTTPClient(),   // never follows a redirect
///     middlewares: [SignetOpenAPIMiddleware(signer: signer)])
/// // `Date`, `Content-MD5` and `Authorization` are the document's security schemes: the middleware writes them.
/// let answer = try await client.getPlayer(path: .init(tenant: "acme", player: "ann"))
/// for balance in try answer.ok.body.json.pointTypes { print(balance.name, balance.amount) }
/// ```
/// `Examples/OpenAPIClient/` is the complete program.
///
/// **The transport must not follow redirects.** A `ClientMiddleware` sees only the final answer: with a
/// transport that follows a `302` (swift-openapi-async-http-client's `AsyncHTTPClientTransport()` on its
/// default `HTTPClient.shared` does), the signed `Date`, `Content-MD5` and path reach the origin the redirect
/// names before this middleware can tell. `SignetOpenAPITransport.asyncHTTPClient()` (product
/// `SignetOpenAPIAsyncHTTPClient`) is that transport over a client that refuses redirects. A 3xx (other than
/// 304) that reaches this middleware fails the call with `SignetError` of kind `redirected`, naming the
/// `Location`, as Signet's own transports do; it is never handed to the generated client as an answer.
///
/// The chain is `Client.defaultMiddleware(signer:clockOffsets:retry:timeout:logging:)` without its timeout:
/// default headers → retry → clock skew → signing → logging, then the rest of the OpenAPI pipeline
/// (swift-openapi-generator's transports have their own timeouts). Retry calls the rest of the pipeline
/// again for each attempt, so clock skew and signing run anew every time (see `RetryMiddleware` and
/// `ClockSkewMiddleware` for the rules: idempotent methods or an `Idempotency-Key`; transport failures and
/// 408, 429, 500, 502, 503, 504; `Retry-After`; full jitter; a 401 `replayed-request` retried re-signed; the
/// clock offset learned from a 401's HTTP `Date`, and one retry). ``init(middleware:maxRequestBodyBytes:logger:clock:)``
/// runs any other Signet chain instead.
///
/// Bodies:
/// - **Request bodies are read into memory**, up to ``maxRequestBodyBytes`` (16 MiB by default): the
///   signature covers the body's MD5 and a retry sends the body again, while an OpenAPI `HTTPBody` may allow
///   a single pass. A larger body is refused before anything is sent, with `SignetError` of kind
///   `bodyTooLarge(limit:actual:)` (a client must stream it some other way).
/// - **Response bodies pass through**, except that the body of a 4xx or 5xx answer of at most
///   ``inspectedResponseBytes`` is read into memory first: Signet's middleware looks at a 401's body (the
///   `replayed-request` refusal) and drops the body of an answer it retries. The generated client then gets
///   the same bytes, in an `HTTPBody` it may read any number of times.
///
/// Errors: anything the rest of the OpenAPI pipeline throws counts as a transport failure for retry (except
/// cancellation), and the last such error is rethrown unchanged (usually the `ClientError` that
/// swift-openapi-runtime made of the transport's error). Signet's own failures (a signer's error, a refused
/// body) are thrown as they are, and the runtime wraps them in a `ClientError` naming this middleware.
public struct SignetOpenAPIMiddleware: ClientMiddleware {
    /// The default limit for a request body read into memory: 16 MiB.
    public static let defaultMaxRequestBodyBytes = 16 * 1024 * 1024
    /// How much of a 4xx or 5xx response body is read into memory for Signet's middleware: 64 KiB (all a
    /// `replayed-request` refusal needs). A longer body passes on as a stream, its first bytes included.
    public static let inspectedResponseBytes = 64 * 1024

    /// The Signet middleware run for each call, outermost first.
    public let middleware: [any Middleware]
    /// The largest request body accepted, in bytes.
    public var maxRequestBodyBytes: Int
    /// The logger Signet's middleware log through (retries, clock skew, one line per attempt).
    public var logger: Logger
    /// The local wall clock, corrected by the learned offset before signing. Injectable for tests.
    public var clock: @Sendable () -> Date

    /// Creates a middleware that signs with `signer` inside Signet's default retry and clock-skew correction.
    /// - Parameters:
    ///   - signer: Signs every attempt, e.g. `GameSystemSigner`.
    ///   - clockOffsets: The learned clock offsets per host; share one store between clients of one server.
    ///   - retry: The retry rules and budget.
    ///   - logging: How each attempt is logged (through `logger`, secrets redacted).
    ///   - maxRequestBodyBytes: The largest request body accepted (see the type's notes).
    ///   - logger: The logger for Signet's middleware.
    ///   - clock: The local wall clock.
    public init<Signer: RequestSigner>(
        signer: Signer,
        clockOffsets: ClockOffsetStore = ClockOffsetStore(),
        retry: RetryMiddleware = RetryMiddleware(),
        logging: LoggingMiddleware = LoggingMiddleware(),
        maxRequestBodyBytes: Int = SignetOpenAPIMiddleware.defaultMaxRequestBodyBytes,
        logger: Logger = Logger(label: "signet.openapi"),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            middleware: Client.defaultMiddleware(
                signer: signer, clockOffsets: clockOffsets, retry: retry, timeout: nil, logging: logging),
            maxRequestBodyBytes: maxRequestBodyBytes, logger: logger, clock: clock)
    }

    /// Creates a middleware that runs `middleware` (outermost first) around the rest of the OpenAPI pipeline,
    /// e.g. `Client.defaultMiddleware(signer:clockOffsets:)` with its per-attempt timeout kept.
    public init(
        middleware: [any Middleware],
        maxRequestBodyBytes: Int = SignetOpenAPIMiddleware.defaultMaxRequestBodyBytes,
        logger: Logger = Logger(label: "signet.openapi"),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.middleware = middleware
        self.maxRequestBodyBytes = max(0, maxRequestBodyBytes)
        self.logger = logger
        self.clock = clock
    }

    /// Runs the Signet chain for one OpenAPI call; each attempt calls `next` with the signed request.
    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let target = WireTarget(baseURL: baseURL)
        let wireRequest = target.wireRequest(for: request)
        let requestBody = try await OpenAPIBodies.collectRequestBody(
            body, limit: maxRequestBodyBytes, operationID: operationID, request: wireRequest)
        return try await withoutActuallyEscaping(next) { next in
            // `next` does not escape: the client and its transport are local to this closure, and every
            // attempt (even one a timeout middleware runs in a task of its own) is awaited before it returns.
            let downstream = DownstreamTransport(
                openAPIRequest: request, target: target, sendsBody: body != nil, next: next)
            let client = Client(baseURL: baseURL, transport: downstream, middleware: middleware,
                                logger: logger, clock: clock, jsonDecoder: Self.unusedDecoder)
            do {
                let (response, responseBody) = try await client.send(
                    wireRequest, body: requestBody, operation: operationID)
                // A redirect is not an answer to a signed request (the same rule as Signet's transports).
                if response.status.kind == .redirection, response.status.code != 304 {
                    throw Client.statusError(response, body: []).adding(operation: operationID, request: wireRequest)
                }
                return (response, OpenAPIBodies.httpBody(responseBody, absent: downstream.lastAnswerHadNoBody))
            } catch let error as SignetError {
                if case .transport(let underlying) = error.kind, let failure = underlying as? DownstreamFailure {
                    throw failure.error
                }
                throw error
            }
        }
    }

    /// The per-call `Client` decodes nothing; one decoder spares an allocation per call.
    private static let unusedDecoder = JSONDecoder()
}
