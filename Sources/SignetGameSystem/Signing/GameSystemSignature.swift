import HTTPTypes

/// Everything a GameSystem signature adds to a request, plus the plain text it was computed over.
public struct GameSystemSignature: Sendable, Equatable {
    /// Base64 MD5 of the body (`Content-MD5`).
    public let contentMD5: String
    /// The `Date` header text, `yyyyMMdd HH:mm:ss UTC`.
    public let date: String
    /// The path that was signed (the target without query and fragment).
    public let path: String
    /// The uppercased method that was signed.
    public let method: String
    /// The separator used in the plain text.
    public let separator: GameSystemSeparator
    /// The `Authorization` header value, `KEY:signature`.
    public let authorization: String

    /// The plain text that was MACed (safe to show: it holds no secret). Built on demand.
    public var stringToSign: String {
        GameSystemSigner.plainText(date: date, contentMD5: contentMD5, path: path[...], method: method, separator: separator)
    }

    /// Lowercase hex HMAC-SHA1 of ``stringToSign``: the part of ``authorization`` after its last colon.
    public var signature: String {
        let utf8 = authorization.utf8
        guard let colon = utf8.lastIndex(of: UInt8(ascii: ":")) else { return authorization }
        return String(authorization[utf8.index(after: colon)...])
    }

    /// `Content-Type` sent on every GameSystem request, GET included, as the reference clients do.
    public static let contentType = "application/json"

    /// The four header fields, in the order a person would read them: `Date`, `Content-MD5`, `Authorization`,
    /// `Content-Type: application/json`.
    public var headerFields: HTTPFields {
        [.date: date, .contentMD5: contentMD5, .authorization: authorization, .contentType: Self.contentType]
    }

    /// Sets the signature on `fields`: `Date`, `Content-MD5` and `Authorization` **replace** any earlier
    /// values (they are the signature; one of each must go on the wire). `Content-Type: application/json` is
    /// added **only when `fields` has none**: the scheme does not sign it, and a caller's own type is kept.
    public func apply(to fields: inout HTTPFields) {
        fields.reserveCapacity(fields.count + 4)   // one allocation instead of growing four times
        Self.set(HTTPField(name: .date, value: date), in: &fields)
        Self.set(HTTPField(name: .contentMD5, value: contentMD5), in: &fields)
        Self.set(HTTPField(name: .authorization, value: authorization), in: &fields)
        if !fields.contains(.contentType) { fields.append(Self.contentTypeField) }
    }

    /// The `Content-Type` field, validated once.
    private static let contentTypeField = HTTPField(name: .contentType, value: contentType)

    /// Replaces the fields named like `field`, or appends it when there are none (the usual case, and
    /// several times cheaper than the subscript's search-and-replace on every signed request).
    private static func set(_ field: HTTPField, in fields: inout HTTPFields) {
        if fields.contains(field.name) {
            fields[field.name] = field.value
        } else {
            fields.append(field)
        }
    }
}

extension HTTPField.Name {
    /// `Content-MD5` (RFC 1864), part of the GameSystem scheme.
    public static let contentMD5: HTTPField.Name = {
        // A constant, valid token: the failable initialiser cannot fail here.
        guard let name = HTTPField.Name("Content-MD5") else { preconditionFailure("Content-MD5 is a valid field name") }
        return name
    }()
}
