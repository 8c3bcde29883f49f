import Foundation
import Signet
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `URLError` in a `SignetError` is described by its code alone: its text names the failing URL, whose
/// query string may carry secrets.
extension URLError: SanitizedTransportFailure {
    package var sanitizedDescription: String { "URLError \(code.rawValue) (\(Self.name(of: code)))" }

    private static func name(of code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: "cannot connect to host"
        case .cannotFindHost: "cannot find host"
        case .dnsLookupFailed: "DNS lookup failed"
        case .networkConnectionLost: "network connection lost"
        case .notConnectedToInternet: "not connected to the internet"
        case .timedOut: "timed out"
        case .cancelled: "cancelled"
        case .badServerResponse: "bad server response"
        case .secureConnectionFailed: "secure connection failed"
        case .serverCertificateUntrusted: "server certificate untrusted"
        case .badURL: "bad URL"
        case .unsupportedURL: "unsupported URL"
        case .cannotParseResponse: "cannot parse response"
        case .dataLengthExceedsMaximum: "data length exceeds maximum"
        default: "code \(code.rawValue)"
        }
    }
}
