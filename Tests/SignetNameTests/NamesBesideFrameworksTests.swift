// Compiles only if Signet's top-level names need no qualification beside the frameworks and OpenAPI
// transports a Signet user imports with it (issue 24): each Signet type below is named unqualified in a
// file that imports Vapor, Hummingbird, OpenAPIRuntime, OpenAPIAsyncHTTPClient and OpenAPIURLSession.
import Foundation
import HTTPTypes
import Hummingbird
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import OpenAPIURLSession
import Signet
import SignetAsyncHTTPClient
import SignetCrypto
import SignetGameSystem
import SignetHummingbird
import SignetNIOTransport
import SignetOpenAPI
import SignetOpenAPIServer
import SignetURLSession
import SignetVapor
import SignetVerification
import Testing
import Vapor

@Suite("Names beside Vapor, Hummingbird and the OpenAPI transports")
struct NamesBesideFrameworksTests {
    /// A middleware of Signet's, named unqualified.
    struct Stamp: SignetMiddleware {
        func intercept(_ request: HTTPRequest, body: Body, context: CallContext, next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)) async throws -> (HTTPResponse, Body) {
            try await next(request, body, context)
        }
    }

    @Test("Signet's client, middleware, transports and base64 are named without a module prefix")
    func unqualified() throws {
        let transports: [any Transport] = [SignetURLSessionTransport(), SignetAsyncHTTPClientTransport(), NIOTransport()]
        let client = SignetClient(baseURL: URL(fileURLWithPath: "/"), transport: transports[0], middleware: [Stamp()])
        #expect(client.baseURL.path == "/")
        #expect(SignetBase64.encode(Array("Signet".utf8)) == "U2lnbmV0")
        // The frameworks' own names stay theirs: Vapor's `Client` and `Middleware`, the OpenAPI transports.
        let _: (any Vapor.Client)? = nil
        let _: (any Vapor.Middleware)? = nil
        let _: OpenAPIAsyncHTTPClient.AsyncHTTPClientTransport? = nil
        let _: OpenAPIURLSession.URLSessionTransport? = nil
        let _: GameSystemVerificationMiddleware<BasicRequestContext>? = nil
        let _: GameSystemVaporMiddleware? = nil
        let _: GameSystemOpenAPIServerMiddleware? = nil
    }
}
