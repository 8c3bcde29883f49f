import Hummingbird

/// The per-request context of the reference server's router: Hummingbird's core storage plus what the
/// verifying middleware learned about the request.
struct ReferenceRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The API key the request was verified for; `nil` on unsigned routes.
    var apiKey: String?
    /// The body as received (length and MD5); set by the verifying middleware.
    var receivedBody: ReceivedBody?

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
    }
}
