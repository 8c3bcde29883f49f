import Foundation
import Hummingbird
import NIOCore
import Signet
import SignetGameSystem

/// A response the verification middleware answers instead of calling the route: a status, the
/// `error_message`, an optional diagnosis and extra fields. Built here so that every refusal has the same
/// shape as the reference server's: JSON, and exactly one HTTP `Date`.
struct VerificationRefusal: Error, Sendable {
    let status: HTTPResponse.Status
    let message: String
    let diagnosis: GameSystemDiagnosis?
    var headerFields: HTTPFields = [:]

    /// 401 `reason: detail`.
    static func unauthorized(_ reason: String, _ detail: String, diagnosis: GameSystemDiagnosis?) -> VerificationRefusal {
        VerificationRefusal(status: .unauthorized, message: "\(reason): \(detail)", diagnosis: diagnosis)
    }

    /// 413 for a body past the limit.
    static func tooLarge(limit: Int) -> VerificationRefusal {
        VerificationRefusal(status: .contentTooLarge, message: "request body exceeds the limit of \(limit) bytes", diagnosis: nil)
    }

    /// 503 with `Retry-After`: shared state cannot take the request now.
    static func unavailable(_ message: String, retryAfter: Int) -> VerificationRefusal {
        VerificationRefusal(status: .serviceUnavailable, message: message, diagnosis: nil,
                            headerFields: [.retryAfter: String(max(1, retryAfter))])
    }

    /// 500 for a fault of this server.
    static func internalError(_ message: String) -> VerificationRefusal {
        VerificationRefusal(status: .internalServerError, message: message, diagnosis: nil)
    }

    /// The response, dated by `clock`.
    func response(clock: @Sendable () -> Date) -> Response {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8", .date: HTTPDate.format(clock())]
        fields.append(contentsOf: headerFields)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// `{"error_message": …}`, with `diagnosis` when there is one; keys sorted.
    var body: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let payload = Payload(errorMessage: message, diagnosis: diagnosis.map(DiagnosisPayload.init))
        return (try? encoder.encode(payload)).map(Array.init) ?? Array(#"{"error_message":"internal error"}"#.utf8)
    }

    private struct Payload: Encodable {
        let errorMessage: String
        let diagnosis: DiagnosisPayload?
        enum CodingKeys: String, CodingKey {
            case errorMessage = "error_message"
            case diagnosis
        }
    }

    private struct DiagnosisPayload: Encodable {
        let likelyCause: String
        let stringToSign: String
        let detail: String
        let clockOffsetSeconds: Int?
        init(_ diagnosis: GameSystemDiagnosis) {
            likelyCause = diagnosis.likelyCause.rawValue
            stringToSign = diagnosis.stringToSign
            detail = diagnosis.detail
            clockOffsetSeconds = diagnosis.clockOffsetSeconds
        }
        enum CodingKeys: String, CodingKey {
            case likelyCause = "likely_cause"
            case stringToSign = "string_to_sign"
            case detail
            case clockOffsetSeconds = "clock_offset_seconds"
        }
    }
}
