import HTTPTypes

/// Decides which header values and query parameters are secret, and renders them with secrets replaced
/// by `<redacted>`.
public struct HeaderRedaction: Sendable {
    /// The text that replaces a secret value.
    public static let placeholder = "<redacted>"

    /// Names (lowercase) whose values are always secret.
    public var secretNames: Set<String>
    /// Fragments (lowercase): any name containing one is secret.
    public var secretNameFragments: [String]

    /// The default policy: `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `sig`, and any name
    /// containing `secret`, `password`, `token`, `key`, `signature`, `auth`, `session` or `credential`
    /// (`X-Hub-Signature`, `X-Amz-Signature`, `X-Auth-Token`, `session_id`).
    public init(
        secretNames: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie", "sig"],
        secretNameFragments: [String] = ["secret", "password", "token", "key", "signature", "auth", "session", "credential"]
    ) {
        self.secretNames = Set(secretNames.map { $0.lowercased() })
        self.secretNameFragments = secretNameFragments.map { $0.lowercased() }
    }

    /// True when values under `name` must not be shown.
    public func isSecret(_ name: String) -> Bool {
        let lower = name.lowercased()
        return secretNames.contains(lower) || secretNameFragments.contains { lower.contains($0) }
    }

    /// The fields as `Name: value` lines joined by `; `, secret values replaced.
    public func render(_ fields: HTTPFields) -> String {
        fields.map { field in
            "\(field.name.rawName): \(isSecret(field.name.canonicalName) ? HeaderRedaction.placeholder : field.value)"
        }.joined(separator: "; ")
    }

    /// `path` with the values of secret-named query parameters replaced; the fragment is dropped.
    public func redactPath(_ path: String) -> String {
        let withoutFragment = path.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
            .map(String.init) ?? path
        let parts = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return withoutFragment }
        let query = parts[1].split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(nameAndValue[0])
            let decodedName = PercentEncoding.decode(name) ?? name
            guard nameAndValue.count == 2, isSecret(decodedName) else { return String(pair) }
            return "\(name)=\(HeaderRedaction.placeholder)"
        }
        return "\(parts[0])?\(query.joined(separator: "&"))"
    }
}
