import Hummingbird
import SignetHummingbird

/// The per-request context of the reference server's router: Hummingbird's core storage plus what the
/// verifying middleware learned about the request.
struct ReferenceRequestContext: GameSystemRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The verified key and the body as received; `nil` on unsigned routes.
    var gameSystemIdentity: GameSystemIdentity?

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
    }
}
