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
    public var apiKey: String { storage.apiKey }
    /// The verified signature: the lowercase hex HMAC the server computed and the request carried.
    public var signature: String { String(storage.signature) }
    /// The signed `Date`, in seconds since 1970.
    public var dateSeconds: Int64 { storage.dateSeconds }
    /// The `Content-MD5` that was signed (it matched the body received).
    public var contentMD5: String { storage.contentMD5 }
    /// The method, uppercased as signed.
    public var method: String { storage.method }
    /// The signed path: the target without query or fragment, as sent.
    public var path: String { storage.path }

    /// The parts, in one object: a server copies this value into its identity, its outcome, the request's
    /// context and task-local, and a copy is then one reference counted, not five strings (about 7 % of a
    /// verification's CPU, and cache misses on every string under load; docs/benchmarks.md).
    private let storage: Storage

    private final class Storage: Sendable {
        // The signature as verification found it in `Authorization` (a slice of that header's value), so a
        // verified request makes no string of its own for it; one that is made here holds a whole string.
        let apiKey: String, signature: Substring, dateSeconds: Int64, contentMD5: String, method: String, path: String

        init(apiKey: String, signature: Substring, dateSeconds: Int64, contentMD5: String, method: String, path: String) {
            self.apiKey = apiKey
            self.signature = signature
            self.dateSeconds = dateSeconds
            self.contentMD5 = contentMD5
            self.method = method
            self.path = path
        }
    }

    /// Creates a value (verifiers and tests; a server receives it from ``GameSystemVerifier``).
    public init(apiKey: String, signature: String, dateSeconds: Int64, contentMD5: String, method: String, path: String) {
        self.init(apiKey: apiKey, signature: Substring(signature), dateSeconds: dateSeconds, contentMD5: contentMD5,
                  method: method, path: path)
    }

    /// A value whose signature is a slice of the received `Authorization` (the verifier's).
    package init(apiKey: String, signature: Substring, dateSeconds: Int64, contentMD5: String, method: String, path: String) {
        storage = Storage(apiKey: apiKey, signature: signature, dateSeconds: dateSeconds, contentMD5: contentMD5,
                          method: method, path: path)
    }

    /// The signed `Date` as a `Date`.
    public var signedAt: Date { Date(timeIntervalSince1970: TimeInterval(dateSeconds)) }

    /// Equal parts.
    public static func == (left: Self, right: Self) -> Bool {
        left.storage === right.storage
            || (left.apiKey == right.apiKey && left.storage.signature == right.storage.signature
                && left.dateSeconds == right.dateSeconds
                && left.contentMD5 == right.contentMD5 && left.method == right.method && left.path == right.path)
    }

    /// Hashes every part.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(apiKey)
        hasher.combine(storage.signature)   // a Substring hashes as the String of its characters
        hasher.combine(dateSeconds)
        hasher.combine(contentMD5)
        hasher.combine(method)
        hasher.combine(path)
    }
}
