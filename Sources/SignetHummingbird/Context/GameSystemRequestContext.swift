import Hummingbird

/// A request context that keeps the verified identity, so handlers read `context.gameSystemIdentity`.
///
/// ```swift
/// struct AppContext: GameSystemRequestContext {
///     var coreContext: CoreRequestContextStorage
///     var gameSystemIdentity: GameSystemIdentity?
///     init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
/// }
/// ```
/// With hummingbird-auth's `AuthRequestContext`, ``GameSystemAuthenticator`` puts the identity in
/// `context.identity` instead.
public protocol GameSystemRequestContext: RequestContext {
    /// Set by ``GameSystemVerificationMiddleware`` once the request is verified.
    var gameSystemIdentity: GameSystemIdentity? { get set }
}
