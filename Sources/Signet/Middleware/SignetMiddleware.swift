import HTTPTypes

/// One step of the client's request pipeline: sees the request on its way out and the response on its way
/// back, and may change either, retry, or answer without calling the rest of the chain.
///
/// A ``SignetClient`` runs its middleware in order, then the ``Transport``; the response travels back in reverse.
/// Call `next` to pass the request on (more than once to retry; each call runs all later middleware anew).
///
/// Pass through, adjusting the request and looking at the response:
/// ```swift
/// struct RequestIDMiddleware: SignetMiddleware {
///     func intercept(_ request: HTTPRequest, body: Body, context: CallContext,
///                    next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
///     ) async throws -> (HTTPResponse, Body) {
///         var request = request
///         if let name = HTTPField.Name("X-Request-ID") {
///             request.headerFields[name] = UUID().uuidString
///         }
///         let (response, responseBody) = try await next(request, body, context)
///         context.logger.debug("answered", metadata: ["status": "\(response.status.code)"])
///         return (response, responseBody)
///     }
/// }
/// ```
/// Short-circuit, answering without calling `next`:
/// ```swift
/// struct OfflineMiddleware: SignetMiddleware {
///     let isOffline: @Sendable () -> Bool
///     func intercept(_ request: HTTPRequest, body: Body, context: CallContext,
///                    next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
///     ) async throws -> (HTTPResponse, Body) {
///         if isOffline() {
///             return (HTTPResponse(status: .serviceUnavailable), Body("offline"))
///         }
///         return try await next(request, body, context)
///     }
/// }
/// ```
public protocol SignetMiddleware: Sendable {
    /// Handles one request: call `next` to continue down the chain, or return a response yourself.
    func intercept(
        _ request: HTTPRequest,
        body: Body,
        context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body)
}
