#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a ``GameSystemVerifier`` accepted, in canonical form.
///
/// The same signed request can reach a server spelled in more than one way (`K:sig`, `K : sig`,
/// `K\t:sig` all verify), so anything that must recognise a request again — replay refusal above all —
/// keys on these parts, never on raw header text: the API key and the signature as verified (lowercase
/// hex, exactly what the server computed), the `Date` in seconds, the `Content-MD5`, the uppercased
/// method and the signed path (no query).
public struct GameSystemVerifiedRequest: Hashable, Sendable {
    /// The API key the request was signed with.
    public let apiKey: String
    /// The verified signature: the lowercase hex HMAC the server computed and the request carried.
    public let signature: String
    /// The signed `Date`, in seconds since 1970.
    public let dateSeconds: Int64
    /// The `Content-MD5` that was signed (it matched the body received).
    public let contentMD5: String
    /// The method, uppercased as signed.
    public let method: String
    /// The signed path: the target without query or fragment, as sent.
    public let path: String

    /// Creates a value (verifiers and tests; a server receives it from ``GameSystemVerifier``).
    public init(apiKey: String, signature: String, dateSeconds: Int64, contentMD5: String, method: String, path: String) {
        self.apiKey = apiKey
        self.signature = signature
        self.dateSeconds = dateSeconds
        self.contentMD5 = contentMD5
        self.method = method
        self.path = path
    }

    /// The signed `Date` as a `Date`.
    public var signedAt: Date { Date(timeIntervalSince1970: TimeInterval(dateSeconds)) }
}
