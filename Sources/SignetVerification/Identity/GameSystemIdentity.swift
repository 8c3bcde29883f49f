import SignetGameSystem

/// Who signed a request that verification accepted, and what body it carried.
///
/// Adapters put it where their framework keeps identities: `context.identity` in Hummingbird (with
/// hummingbird-auth's `AuthRequestContext`), `req.auth` in Vapor, the request's task in an OpenAPI server
/// (``current``, which every adapter also sets).
public struct GameSystemIdentity: Sendable, Hashable {
    /// The API key the request was signed with.
    public let apiKey: String
    /// The key's role in ``GameSystemVerificationOptions/keyRoles``, if it has one.
    public let role: GameSystemKeyRole?
    /// How many body bytes were received.
    public let bodyLength: Int
    /// The base64 MD5 of the body received (what `Content-MD5` matched).
    public let bodyMD5: String
    /// The request's canonical identity, what a replay check keys on: a handler that claims the replay in its
    /// own transaction (with ``GameSystemVerificationOptions/replayStore`` set to `nil`) claims this.
    public let signedRequest: GameSystemVerifiedRequest?

    /// Creates an identity (verification makes them; tests may too).
    public init(apiKey: String, role: GameSystemKeyRole?, bodyLength: Int, bodyMD5: String,
                signedRequest: GameSystemVerifiedRequest? = nil) {
        self.apiKey = apiKey
        self.role = role
        self.bodyLength = bodyLength
        self.bodyMD5 = bodyMD5
        self.signedRequest = signedRequest
    }

    /// The identity of the request being handled, in the task that handles it; `nil` outside a verified
    /// request. Frameworks with a request context have the identity there too, so reading this is optional.
    @TaskLocal public static var current: GameSystemIdentity?
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
