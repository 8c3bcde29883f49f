import Foundation
import HTTPTypes
import SignetCrypto
import SignetVerification

/// What every environment's `/{tenant}/client/echo` answers: the verified key and the body the handler
/// received, by the reference server's `EchoSummary` names.
struct EchoAnswer: Codable, Equatable, Sendable {
    let apiKey: String?
    let bodyLength: Int
    let bodyMD5: String

    enum CodingKeys: String, CodingKey {
        case apiKey = "api_key"
        case bodyLength = "body_length"
        case bodyMD5 = "body_md5"
    }

    /// The field every environment's echo answer names the request's method in (the reference server's
    /// echo routes set it): a field besides `Content-Type` that a repeat answered from the idempotency store
    /// must carry too.
    static let methodField = HTTPField.Name("X-Echo-Method")!

    /// The answer for `body`, signed by `apiKey`.
    init(apiKey: String?, body: [UInt8]) {
        self.apiKey = apiKey
        bodyLength = body.count
        bodyMD5 = (try? body.withUnsafeBytes { try MD5.hash($0) })?.base64 ?? "?"
    }

    /// The adapters' handler: the identity from the framework (`frameworkKey`) must be the task's
    /// (``GameSystemIdentity/current``), else 500; the JSON answer otherwise.
    static func handle(frameworkKey: String?, body: [UInt8]) -> (status: Int, json: [UInt8]) {
        guard let frameworkKey, frameworkKey == GameSystemIdentity.current?.apiKey else {
            return (500, Array(#"{"error_message":"the framework's identity is not the task's"}"#.utf8))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = (try? encoder.encode(EchoAnswer(apiKey: frameworkKey, body: body))).map(Array.init) ?? []
        return (200, json)
    }
}
