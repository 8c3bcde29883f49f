import Hummingbird
import HummingbirdAuth

/// Who signed a request that ``GameSystemVerificationMiddleware`` accepted, and what body it carried.
///
/// A handler reads it from its context (``GameSystemRequestContext``, or hummingbird-auth's
/// `AuthRequestContext` with this identity type) or, with any context, from ``current``:
///
/// ```swift
/// router.get("whoami") { _, _ in GameSystemIdentity.current?.apiKey ?? "nobody" }
/// ```
public struct GameSystemIdentity: Sendable, Hashable {
    /// The API key the request was signed with.
    public let apiKey: String
    /// The key's role in ``GameSystemVerificationOptions/keyRoles``, if it has one.
    public let role: GameSystemKeyRole?
    /// How many body bytes were received.
    public let bodyLength: Int
    /// The base64 MD5 of the body received (what `Content-MD5` matched).
    public let bodyMD5: String

    /// Creates an identity (the middleware makes them; tests may too).
    public init(apiKey: String, role: GameSystemKeyRole?, bodyLength: Int, bodyMD5: String) {
        self.apiKey = apiKey
        self.role = role
        self.bodyLength = bodyLength
        self.bodyMD5 = bodyMD5
    }

    /// The identity of the request being handled, in the task that handles it; `nil` outside a verified request.
    @TaskLocal public static var current: GameSystemIdentity?
}

/// A request context that keeps the verified identity, so handlers read `context.gameSystemIdentity`.
///
/// ```swift
/// struct AppContext: GameSystemRequestContext {
///     var coreContext: CoreRequestContextStorage
///     var gameSystemIdentity: GameSystemIdentity?
///     init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
/// }
/// ```
public protocol GameSystemRequestContext: RequestContext {
    /// Set by ``GameSystemVerificationMiddleware`` once the request is verified.
    var gameSystemIdentity: GameSystemIdentity? { get set }
}

/// Which routes a key may call: the role names are yours (`client`, `admin`, …).
public struct GameSystemKeyRole: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The role's name.
    public let rawValue: String
    /// Creates a role named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a role from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The GameSystem role for player-facing calls (`/{tenant}/client/…`).
    public static let client: GameSystemKeyRole = "client"
    /// The GameSystem role for back-office calls (`/{tenant}/admin/…`).
    public static let admin: GameSystemKeyRole = "admin"
    /// The name.
    public var description: String { rawValue }
}
