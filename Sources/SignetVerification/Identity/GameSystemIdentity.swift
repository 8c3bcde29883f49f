import SignetGameSystem

/// Who signed a request that verification accepted, and what body it carried.
///
/// Adapters put it where their framework keeps identities: `context.identity` in Hummingbird (with
/// hummingbird-auth's `AuthRequestContext`), `req.auth` in Vapor, the request's task in an OpenAPI server
/// (``current``, which every adapter also sets).
public struct GameSystemIdentity: Sendable, Hashable {
    /// The API key the request was signed with.
    public var apiKey: String { keyed.apiKey }
    /// The key's role in ``GameSystemVerificationOptions/keyRoles``, if it has one.
    public var role: GameSystemKeyRole? { keyRole }
    /// How many body bytes were received.
    public var bodyLength: Int { receivedLength }
    /// The base64 MD5 of the body received (what `Content-MD5` matched).
    public var bodyMD5: String { keyed.bodyMD5 }
    /// The request's canonical identity, what a replay check keys on: a handler that claims the replay in its
    /// own transaction (with ``GameSystemVerificationOptions/replayStore`` set to `nil`) claims this.
    public var signedRequest: GameSystemVerifiedRequest? { keyed.signedRequest }

    private let keyRole: GameSystemKeyRole?
    private let receivedLength: Int
    /// Where the API key and the body's MD5 are kept. Verification makes the first kind: the verified request
    /// already holds the API key and the `Content-MD5` the body matched, in one object, so the identity adds no
    /// allocation of its own and a copy (into the outcome, the request's context, the task-local ``current``)
    /// retains that one object (docs/benchmarks.md). An identity made with
    /// ``init(apiKey:role:bodyLength:bodyMD5:signedRequest:)`` keeps them in an object of its own.
    private let source: Source

    private enum Source: Sendable {
        case verified(GameSystemVerifiedRequest)
        case given(Given)
    }

    private final class Given: Sendable {
        let apiKey: String, bodyMD5: String, signedRequest: GameSystemVerifiedRequest?

        init(apiKey: String, bodyMD5: String, signedRequest: GameSystemVerifiedRequest?) {
            self.apiKey = apiKey
            self.bodyMD5 = bodyMD5
            self.signedRequest = signedRequest
        }
    }

    /// The API key, the body's MD5 and the verified request, from wherever ``source`` keeps them.
    private var keyed: (apiKey: String, bodyMD5: String, signedRequest: GameSystemVerifiedRequest?) {
        switch source {
        case .verified(let signed): (signed.apiKey, signed.contentMD5, signed)
        case .given(let given): (given.apiKey, given.bodyMD5, given.signedRequest)
        }
    }

    /// Creates an identity (verification makes them; tests may too).
    public init(apiKey: String, role: GameSystemKeyRole?, bodyLength: Int, bodyMD5: String,
                signedRequest: GameSystemVerifiedRequest? = nil) {
        keyRole = role
        receivedLength = bodyLength
        source = .given(Given(apiKey: apiKey, bodyMD5: bodyMD5, signedRequest: signedRequest))
    }

    /// The identity of a request verification accepted: `signed`'s API key, and its `Content-MD5` as the MD5 of
    /// the `bodyLength` bytes received (verification checked that they match).
    init(verified signed: GameSystemVerifiedRequest, role: GameSystemKeyRole?, bodyLength: Int) {
        keyRole = role
        receivedLength = bodyLength
        source = .verified(signed)
    }

    /// The same fields.
    public static func == (left: Self, right: Self) -> Bool {
        left.apiKey == right.apiKey && left.role == right.role && left.bodyLength == right.bodyLength
            && left.bodyMD5 == right.bodyMD5 && left.signedRequest == right.signedRequest
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(apiKey)
        hasher.combine(role)
        hasher.combine(bodyLength)
        hasher.combine(bodyMD5)
        hasher.combine(signedRequest)
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
