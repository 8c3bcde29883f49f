import Hummingbird
import NIOHTTP1

/// Turns every error a route or middleware throws into a JSON `{"error_message": ...}` response, so no
/// answer of the reference server — 404 for an unknown route included — is an empty or HTML body.
///
/// It is the router's first middleware, so it also wraps the not-found responder.
struct ErrorResponseMiddleware: RouterMiddleware {
    typealias Context = ReferenceRequestContext

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ReferenceAPIError {
            return JSONResponse.error(error)
        } catch let error as HTTPError {
            if error.status == .notFound, error.body == nil {
                return JSONResponse.error(.notFound, message: "no route for \(request.method.rawValue) \(request.uri.path)")
            }
            return JSONResponse.error(error.status, message: error.body ?? error.status.reasonPhrase,
                                      headerFields: error.headers)
        } catch let error as HTTPParserError {
            // The connection is unusable: let the HTTP channel answer 400 and close it.
            throw error
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(String(describing: type(of: error)))"])
            return JSONResponse.error(.internalServerError, message: "internal error: \(String(describing: type(of: error)))")
        }
    }
}
