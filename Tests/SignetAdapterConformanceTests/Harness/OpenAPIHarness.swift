import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime
import OpenAPIVapor
import SignetOpenAPIServer

/// The OpenAPI server middleware on swift-openapi-hummingbird, and on swift-openapi-vapor. The operation is
/// registered as swift-openapi-generator's `registerHandlers(on:middlewares:)` does (each middleware around the
/// next, the operation innermost), without generated types: the handler reads the identity from the task.
enum OpenAPIHarness {
    typealias Next = @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)

    static func start(_ setup: ConformanceSetup) async throws -> RunningServer {
        let router = Router()
        let chain = chain(setup)
        for method in [HTTPRequest.Method.get, .post, .put] {
            router.register(chain, method: method, path: "/{tenant}/client/echo")
        }
        return try await HummingbirdServing.start(router)
    }

    /// The same operation behind the same middleware on swift-openapi-vapor, in a Vapor app.
    static func startOnVapor(_ setup: ConformanceSetup) async throws -> RunningServer {
        let chain = chain(setup)
        let app = try await VaporHarness.startApp { app in
            let transport = VaporTransport(routesBuilder: app)
            for method in [HTTPRequest.Method.get, .post, .put] {
                try transport.register(chain, method: method, path: "/{tenant}/client/echo")
            }
        }
        return try await VaporHarness.running(app)
    }

    /// The echo operation with `setup`'s verification as its one middleware.
    static func chain(_ setup: ConformanceSetup) -> Next {
        let middlewares: [any ServerMiddleware] = [GameSystemOpenAPIServerMiddleware(verification: setup.verification)]
        let operation: Next = { request, body, _ in
            var bytes: [UInt8] = []
            if let body { bytes = try await [UInt8](collecting: body, upTo: 1 << 20) }
            let (status, json) = EchoAnswer.handle(frameworkKey: GameSystemIdentity.current?.apiKey, body: bytes)
            let fields: HTTPFields = [.contentType: "application/json", EchoAnswer.methodField: request.method.rawValue]
            return (HTTPResponse(status: .init(code: status), headerFields: fields), HTTPBody(json))
        }
        return middlewares.reversed().reduce(operation) { next, middleware in
            { request, body, metadata in
                try await middleware.intercept(request, body: body, metadata: metadata, operationID: "echo", next: next)
            }
        }
    }
}
