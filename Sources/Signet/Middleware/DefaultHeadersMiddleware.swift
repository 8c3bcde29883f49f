import HTTPTypes

/// Adds default header fields, and a `User-Agent`, to requests that do not already carry them.
public struct DefaultHeadersMiddleware: SignetMiddleware {
    /// The `User-Agent` sent when none is given: `Signet/<version> (<OS>; Swift)`.
    public static let defaultUserAgent: String = {
        #if os(Linux)
        let system = "Linux"
        #elseif os(macOS)
        let system = "macOS"
        #elseif os(Windows)
        let system = "Windows"
        #else
        let system = "unknown"
        #endif
        return "Signet/\(SignetVersion.current) (\(system); Swift)"
    }()

    /// The fields added when absent, `User-Agent` included.
    public let headerFields: HTTPFields

    /// Creates a middleware adding `headerFields` and `User-Agent: userAgent` where a request lacks them.
    public init(headerFields: HTTPFields = [:], userAgent: String = DefaultHeadersMiddleware.defaultUserAgent) {
        var fields = headerFields
        if fields[.userAgent] == nil { fields[.userAgent] = userAgent }
        self.headerFields = fields
    }

    /// Adds the missing default fields and passes the request on.
    public func intercept(
        _ request: HTTPRequest,
        body: Body,
        context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        var request = request
        // A linear look-up: a request carries a handful of fields, too few for a set to pay for its hashing.
        let present = request.headerFields
        request.headerFields.reserveCapacity(present.count + headerFields.count)
        for field in headerFields where !present.contains(field.name) {
            request.headerFields.append(field)
        }
        return try await next(request, body, context)
    }
}
