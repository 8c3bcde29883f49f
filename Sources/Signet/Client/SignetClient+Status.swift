#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

extension SignetClient {
    /// How many bytes of an error body are read to find the server's message: 64 KiB.
    public static let errorBodyReadLimit = 64 * 1024
    /// How many bytes of an error body are kept as its preview: 512.
    public static let errorBodyPreviewLimit = 512

    /// Returns when `response` is 2xx; a redirect (3xx but 304) throws ``SignetError/Kind/redirected(_:location:)``;
    /// anything else throws ``SignetError/Kind/httpStatus(_:serverMessage:bodyPreview:)``
    /// with the server's `error_message` when the body is JSON `{"error_message": "..."}`, and a truncated,
    /// lossy UTF-8 preview of the raw body in every case.
    public func checkStatus(
        _ response: HTTPResponse,
        body: Body,
        operation: String? = nil,
        request: HTTPRequest? = nil
    ) async throws {
        if response.status.kind == .successful { return }
        let (bytes, truncated) = (try? await body.collectPrefix(SignetClient.errorBodyReadLimit)) ?? ([], false)
        throw SignetClient.statusError(response, body: bytes, truncated: truncated)
            .adding(operation: operation, request: request)
    }

    /// The ``SignetError/Kind/httpStatus(_:serverMessage:bodyPreview:)`` error for `response` with the start
    /// of its body; `truncated` tells whether the body went on.
    public static func statusError(_ response: HTTPResponse, body: [UInt8], truncated: Bool = false) -> SignetError {
        if response.status.kind == .redirection, response.status.code != 304 {
            let location = response.headerFields[.location].map { SignetError.pathWithoutQuery(String($0.prefix(2_048))) }
            return SignetError(.redirected(response.status, location: location), status: response.status)
        }
        let decoded = truncated ? nil : try? JSONDecoder().decode(ServerErrorBody.self, from: Data(body))
        let message = decoded.map { String($0.errorMessage.prefix(1000)) }
        var preview = String(decoding: body.prefix(errorBodyPreviewLimit), as: UTF8.self)
        preview = String(preview.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        if truncated || body.count > errorBodyPreviewLimit { preview += "…" }
        var error = SignetError(.httpStatus(response.status, serverMessage: message, bodyPreview: preview),
                                status: response.status)
        if response.status == .unauthorized { error.diagnosis = decoded?.diagnosis }
        return error
    }

    private struct ServerErrorBody: Decodable {
        let errorMessage: String
        let diagnosis: SignetError.Diagnosis?
        enum CodingKeys: String, CodingKey {
            case errorMessage = "error_message"
            case diagnosis
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            errorMessage = try container.decode(String.self, forKey: .errorMessage)
            // A diagnosis of another shape is ignored rather than losing the message.
            diagnosis = try? container.decodeIfPresent(SignetError.Diagnosis.self, forKey: .diagnosis)
        }
    }
}
