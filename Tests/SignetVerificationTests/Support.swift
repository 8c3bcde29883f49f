import Foundation
import HTTPTypes
import SignetGameSystem
import SignetVerification

/// The keys every test signs with.
enum TestKeys {
    static let client = "app-client", admin = "app-admin"
    static let secrets = [client: "client-secret", admin: "admin-secret"]
    static let roles: [String: GameSystemKeyRole] = [client: .client, admin: .admin]
    /// 2026-11-21 09:05:07 UTC: every test's "now".
    static let now = Date(timeIntervalSince1970: 1_795_251_907)
}

/// A request signed by `key` with `secret` at `date`, carrying `body`, and any extra fields.
func signedRequest(
    _ method: HTTPRequest.Method, _ path: String, body: [UInt8] = [], key: String = TestKeys.client,
    secret: String? = nil, date: Date = TestKeys.now, extra: HTTPFields = [:]
) throws -> HTTPRequest {
    let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: key, secret: secret ?? TestKeys.secrets[key] ?? "x"))
    var request = HTTPRequest(method: method, scheme: "http", authority: "127.0.0.1", path: path)
    try signer.sign(method: method, target: path, body: body, date: date).apply(to: &request.headerFields)
    request.headerFields.append(contentsOf: extra)
    return request
}

extension VerificationOutcome {
    /// The refusal, when refused.
    var refusal: VerificationRefusal? {
        if case .refused(let refusal) = self { return refusal }
        return nil
    }

    /// The verified request, when accepted.
    var verified: VerifiedRequest? {
        if case .accepted(let verified) = self { return verified }
        return nil
    }
}
