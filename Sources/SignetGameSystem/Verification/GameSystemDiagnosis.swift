import Signet

/// Why a refused request was probably refused: the client mistake a verifier recognised, and the string
/// it expected the client to sign.
///
/// It never holds a secret or a valid signature; ``stringToSign`` is built from the request's own public
/// parts (date, Content-MD5, path, method). Made by ``GameSystemVerifier/diagnose(_:method:target:headers:bodyMD5:now:)``.
public struct GameSystemDiagnosis: Sendable, Hashable, CustomStringConvertible {
    /// The known client mistakes, by stable identifier.
    public enum Cause: String, Sendable, CaseIterable, Codable {
        /// The parts were joined with a real newline; this server joins with backslash-n.
        case separatorNewline = "separator-newline"
        /// The parts were joined with backslash-n; this server joins with a real newline.
        case separatorEscaped = "separator-escaped"
        /// The query string was signed as part of the path (the scheme signs the path only).
        case querySigned = "query-signed"
        /// The path was signed percent-decoded, or percent-encoded differently from how it was sent.
        case pathEncoding = "path-encoding"
        /// The method was signed in lower or mixed case (the scheme signs it uppercased).
        case methodCase = "method-case"
        /// `Content-MD5` was sent as hex; the scheme wants base64.
        case contentMD5Hex = "content-md5-hex"
        /// `Content-MD5` is the MD5 of an empty body, but the request has a body.
        case contentMD5EmptyBody = "content-md5-empty-body"
        /// The secret was used with a trailing newline (read from a file without trimming it).
        case secretTrailingNewline = "secret-trailing-newline"
        /// The signature is uppercase hex; the scheme wants lowercase.
        case signatureUppercase = "signature-uppercase"
        /// The `Date` is outside the window: the client's clock is off (see ``clockOffsetSeconds``).
        case clockSkew = "clock-skew"
        /// A valid signature with a key of the wrong role for the route (a client key on an admin route).
        case wrongKeyType = "wrong-key-type"
        /// None of the known mistakes reproduces the signature (a wrong secret, most often).
        case unknown
    }

    /// The mistake that reproduces what the client sent, or ``Cause/unknown``.
    public let likelyCause: Cause
    /// The plain text the server expected to be signed (its separator written as it is).
    public let stringToSign: String
    /// One sentence for a person.
    public let detail: String
    /// For ``Cause/clockSkew``: the request's `Date` minus the server's clock, in seconds (positive when the
    /// client runs ahead).
    public let clockOffsetSeconds: Int?

    /// Creates a diagnosis.
    public init(likelyCause: Cause, stringToSign: String, detail: String, clockOffsetSeconds: Int? = nil) {
        self.likelyCause = likelyCause
        self.stringToSign = stringToSign
        self.detail = detail
        self.clockOffsetSeconds = clockOffsetSeconds
    }

    /// `likely-cause: detail`.
    public var description: String { "\(likelyCause.rawValue): \(detail)" }
}

extension SignetError.Diagnosis.Cause {
    /// The client-side name of a verifier's cause.
    public init(_ cause: GameSystemDiagnosis.Cause) { self.init(rawValue: cause.rawValue) }
    /// The verifier's cause, when this is one it knows.
    public var gameSystemCause: GameSystemDiagnosis.Cause? { GameSystemDiagnosis.Cause(rawValue: rawValue) }

    /// The parts were joined with a real newline; the server joins them with backslash-n.
    public static let separatorNewline = Self(.separatorNewline)
    /// The parts were joined with backslash-n; the server joins them with a real newline.
    public static let separatorEscaped = Self(.separatorEscaped)
    /// The query string was signed with the path.
    public static let querySigned = Self(.querySigned)
    /// The path was signed in another spelling than the one sent.
    public static let pathEncoding = Self(.pathEncoding)
    /// The method was signed in lower or mixed case.
    public static let methodCase = Self(.methodCase)
    /// `Content-MD5` was sent as hex.
    public static let contentMD5Hex = Self(.contentMD5Hex)
    /// `Content-MD5` is the empty body's, but the request has a body.
    public static let contentMD5EmptyBody = Self(.contentMD5EmptyBody)
    /// The secret was used with a trailing newline.
    public static let secretTrailingNewline = Self(.secretTrailingNewline)
    /// The signature is uppercase hex.
    public static let signatureUppercase = Self(.signatureUppercase)
    /// The client's clock is outside the window.
    public static let clockSkew = Self(.clockSkew)
    /// A valid signature by a key of the wrong role.
    public static let wrongKeyType = Self(.wrongKeyType)
}
