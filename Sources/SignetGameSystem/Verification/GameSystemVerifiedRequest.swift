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
    public var signature: String { storage.signature.string }
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
        // The signature as verification found it in `Authorization` (a range of that header's value), so a
        // verified request makes no string of its own for it; one that is made here holds a whole string.
        let apiKey: String, signature: SignatureText, dateSeconds: Int64, contentMD5: String, method: String, path: String

        init(apiKey: String, signature: SignatureText, dateSeconds: Int64, contentMD5: String, method: String, path: String) {
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
        self.init(apiKey: apiKey, signature: SignatureText(signature), dateSeconds: dateSeconds, contentMD5: contentMD5,
                  method: method, path: path)
    }

    /// A value whose signature is a range of the received `Authorization` (the verifier's).
    package init(apiKey: String, signature: SignatureText, dateSeconds: Int64, contentMD5: String, method: String, path: String) {
        storage = Storage(apiKey: apiKey, signature: signature, dateSeconds: dateSeconds, contentMD5: contentMD5,
                          method: method, path: path)
    }

    /// The signed `Date` as a `Date`.
    public var signedAt: Date { Date(timeIntervalSince1970: TimeInterval(dateSeconds)) }

    /// Equal parts (the signature compared byte for byte, as it was verified).
    public static func == (left: Self, right: Self) -> Bool {
        left.storage === right.storage
            || (left.apiKey == right.apiKey && left.storage.signature == right.storage.signature
                && left.dateSeconds == right.dateSeconds
                && left.contentMD5 == right.contentMD5 && left.method == right.method && left.path == right.path)
    }

    /// Hashes every part.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(apiKey)
        hasher.combine(storage.signature)
        hasher.combine(dateSeconds)
        hasher.combine(contentMD5)
        hasher.combine(method)
        hasher.combine(path)
    }
}

/// A signature as text: a range of the UTF-8 of a string, the received `Authorization` (verification finds it
/// there and makes no string of its own), or a whole string. Equal and hashed byte for byte.
package struct SignatureText: Hashable, Sendable {
    private let text: String
    private let bytes: Range<Int>

    /// The bytes `bytes` of `text`'s UTF-8, which must start and end next to ASCII (or at the ends).
    package init(_ text: String, bytes: Range<Int>) {
        self.text = text
        self.bytes = bytes
    }

    /// The whole of `text`.
    package init(_ text: String) {
        self.init(text, bytes: 0..<text.utf8.count)
    }

    /// The signature as a string of its own.
    package var string: String { withBytes { (bytes: UnsafeRawBufferPointer) -> String in String(decoding: bytes, as: UTF8.self) } }

    /// Calls `body` with the signature's UTF-8.
    package func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        // A native string's UTF-8 is contiguous (what a header's value is); any other is copied first.
        if let result = try text.utf8.withContiguousStorageIfAvailable({ try body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0[bytes]))) }) {
            return result
        }
        return try Array(text.utf8)[bytes].withUnsafeBytes(body)
    }

    package static func == (left: Self, right: Self) -> Bool {
        left.bytes.count == right.bytes.count && left.withBytes { a in right.withBytes { b in a.elementsEqual(b) } }
    }

    package func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: $0) }
    }
}
