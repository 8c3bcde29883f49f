import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Describes an underlying transport error without the failing URL, whose query string may carry secrets.
enum TransportFailureDescription {
    static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            return "URLError \(urlError.code.rawValue) (\(name(of: urlError.code)))"
        }
        return String(describing: error)
    }

    private static func name(of code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: return "cannot connect to host"
        case .cannotFindHost: return "cannot find host"
        case .dnsLookupFailed: return "DNS lookup failed"
        case .networkConnectionLost: return "network connection lost"
        case .notConnectedToInternet: return "not connected to the internet"
        case .timedOut: return "timed out"
        case .cancelled: return "cancelled"
        case .badServerResponse: return "bad server response"
        case .secureConnectionFailed: return "secure connection failed"
        case .serverCertificateUntrusted: return "server certificate untrusted"
        case .badURL: return "bad URL"
        case .unsupportedURL: return "unsupported URL"
        case .cannotParseResponse: return "cannot parse response"
        case .dataLengthExceedsMaximum: return "data length exceeds maximum"
        default: return "code \(code.rawValue)"
        }
    }
}
