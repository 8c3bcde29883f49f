#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// The one error type a Signet call throws: what went wrong (`kind`) and where (operation, method, path, status).
///
/// Every field is safe to print: paths are kept without their query string and no header value is ever stored,
/// so `description` never carries a secret.
public struct SignetError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable {
        /// The transport could not exchange the request (connection refused, reset, DNS, TLS …).
        case transport(underlying: any Error)
        /// No response arrived within the allowed time.
        case timeout(after: Duration)
        /// The calling task was cancelled; the request was abandoned.
        case cancelled
        /// The server answered with a non-2xx status; `serverMessage` is its decoded `error_message`, if any,
        /// and `bodyPreview` the start of the raw body as lossy UTF-8.
        case httpStatus(HTTPResponse.Status, serverMessage: String?, bodyPreview: String)
        /// A response body did not decode; `path` is the JSON path of the bad field (e.g. `$.point_types[1].amount`).
        case decoding(path: String, reason: String)
        /// A body is larger than the limit the caller allowed.
        case bodyTooLarge(limit: Int, actual: Int?)
        /// A file body could not be opened, measured or read.
        case fileUnreadable(path: String, reason: String)
        /// A one-shot stream body was read a second time, or read synchronously.
        case bodyNotReplayable(reason: String)
        /// The request cannot be sent as built (no URL can be formed, bad header …).
        case invalidRequest(reason: String)
        /// The transport received something that is not a usable HTTP response.
        case invalidResponse(reason: String)
        /// The server answered with a redirect, which Signet does not follow: a signed request's headers
        /// must not reach another origin, and a new path would need a new signature. `location` is the
        /// `Location` header without its query (nil when absent).
        case redirected(HTTPResponse.Status, location: String?)
    }

    /// What went wrong.
    public var kind: Kind
    /// The operation name from the request context (e.g. `getPlayer`), when known.
    public var operation: String?
    /// The request method, when known.
    public var method: HTTPRequest.Method?
    /// The request path without its query string, when known.
    public var path: String?
    /// The response status, when a response arrived.
    public var status: HTTPResponse.Status?
    /// The server's explanation of a refused signature, when its 401 carried one (`diagnosis` in the body).
    public var diagnosis: Diagnosis?
    /// The text this client signed, for a refused signed request: compare it with
    /// ``Diagnosis/stringToSign``, what the server expected.
    public var clientStringToSign: String?

    /// Why a server refused a signature, as it explained it: the likely client mistake by stable
    /// identifier (`separator-newline`, `clock-skew`, …), the string it expected to be signed, and a sentence.
    public struct Diagnosis: Sendable, Hashable, Codable {
        /// A client mistake's stable identifier. The GameSystem ones are constants in `SignetGameSystem`
        /// (`.separatorNewline`, `.clockSkew`, …); one a newer server sends is kept as it came.
        public struct Cause: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
            /// The identifier, e.g. `separator-newline`.
            public let rawValue: String
            /// The cause named `rawValue`.
            public init(rawValue: String) { self.rawValue = rawValue }
            /// The server could not tell.
            public static let unknown = Cause(rawValue: "unknown")
            /// The identifier.
            public var description: String { rawValue }
            /// Reads the identifier from a JSON string.
            public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
            /// Writes the identifier as a JSON string.
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(rawValue)
            }
        }

        /// The mistake, e.g. `.separatorNewline`; `.unknown` when the server could not tell.
        public let likelyCause: Cause
        /// The plain text the server expected the client to sign.
        public let stringToSign: String
        /// One sentence for a person.
        public let detail: String
        /// For `clock-skew`: the request's `Date` minus the server's clock, in seconds.
        public let clockOffsetSeconds: Int?

        /// Creates a diagnosis.
        public init(likelyCause: Cause, stringToSign: String, detail: String, clockOffsetSeconds: Int? = nil) {
            self.likelyCause = likelyCause
            self.stringToSign = stringToSign
            self.detail = detail
            self.clockOffsetSeconds = clockOffsetSeconds
        }

        enum CodingKeys: String, CodingKey {
            case likelyCause = "likely_cause"
            case stringToSign = "string_to_sign"
            case detail
            case clockOffsetSeconds = "clock_offset_seconds"
        }
    }

    /// Creates an error of `kind` with whatever context is known at the throw site.
    public init(
        _ kind: Kind,
        operation: String? = nil,
        method: HTTPRequest.Method? = nil,
        path: String? = nil,
        status: HTTPResponse.Status? = nil
    ) {
        self.kind = kind
        self.operation = operation
        self.method = method
        self.path = path.map(SignetError.pathWithoutQuery)
        if case .httpStatus(let kindStatus, _, _) = kind {
            self.status = status ?? kindStatus
        } else if case .redirected(let kindStatus, _) = kind {
            self.status = status ?? kindStatus
        } else {
            self.status = status
        }
    }

    /// Returns a copy with missing context (operation, method, path) filled in from `request` and `operation`.
    public func adding(operation: String?, request: HTTPRequest?) -> SignetError {
        var copy = self
        if copy.operation == nil || copy.operation?.isEmpty == true { copy.operation = operation }
        if copy.method == nil { copy.method = request?.method }
        if copy.path == nil { copy.path = request?.path.map(SignetError.pathWithoutQuery) }
        return copy
    }

    /// True when the error means the caller's task was cancelled.
    public var isCancellation: Bool {
        if case .cancelled = kind { return true }
        return false
    }

    /// Whether this is a ``Kind/timeout(after:)``.
    public var isTimeout: Bool {
        if case .timeout = kind { return true }
        return false
    }

    /// One line with everything useful: operation, method and path, status, and what went wrong.
    public var description: String {
        var prefix: [String] = []
        if let operation, !operation.isEmpty { prefix.append(operation) }
        if let method, let path {
            prefix.append("\(method.rawValue) \(path)")
        } else if let path {
            prefix.append(path)
        }
        let lead = prefix.isEmpty ? "" : prefix.joined(separator: " ") + ": "
        guard let diagnosis else { return lead + kindDescription }
        return lead + kindDescription + " (likely cause: \(diagnosis.likelyCause): \(diagnosis.detail))"
    }

    var kindDescription: String {
        switch kind {
        case .transport(let underlying):
            return "transport failure: \(TransportFailureDescription.describe(underlying))"
        case .timeout(let after):
            return "timed out after \(after.secondsDescription)"
        case .cancelled:
            return "cancelled"
        case .httpStatus(let status, let serverMessage, let bodyPreview):
            let head = Self.statusLine(status)
            if let serverMessage { return "\(head): server says \"\(serverMessage)\"" }
            if bodyPreview.isEmpty { return head }
            return "\(head): body \"\(bodyPreview)\""
        case .decoding(let path, let reason):
            return "response does not decode at \(path): \(reason)"
        case .bodyTooLarge(let limit, let actual):
            // With a status the body is the response's: say so, since the limit is the response-size limit.
            let body = status == nil ? "body" : "response body"
            if let actual { return "\(body) of \(actual) bytes exceeds the limit of \(limit) bytes" }
            return "\(body) exceeds the limit of \(limit) bytes"
        case .fileUnreadable(let path, let reason):
            return "file body \(path) is unreadable: \(reason)"
        case .bodyNotReplayable(let reason):
            return "body cannot be read again: \(reason)"
        case .invalidRequest(let reason):
            return "invalid request: \(reason)"
        case .invalidResponse(let reason):
            return "invalid response: \(reason)"
        case .redirected(let status, let location):
            let target = location.map { "to \($0)" } ?? "without a Location"
            return "\(Self.statusLine(status)): the server redirects \(target); Signet does not follow "
                + "redirects (signed headers must not reach another origin, and a new path needs a new signature)"
        }
    }

    /// "HTTP 404 Not Found", or "HTTP 404" when the transport gave no reason phrase.
    private static func statusLine(_ status: HTTPResponse.Status) -> String {
        status.reasonPhrase.isEmpty ? "HTTP \(status.code)" : "HTTP \(status.code) \(status.reasonPhrase)"
    }

    /// `path` cut before its `?query` or `#fragment` (which may hold tokens).
    package static func pathWithoutQuery(_ path: String) -> String {
        if let index = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            return String(path[..<index])
        }
        return path
    }
}

extension Duration {
    /// The duration in seconds with millisecond precision, e.g. `1.5 s`, for messages and logs.
    package var secondsDescription: String {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(Double(milliseconds) / 1000) s"
    }

    /// The duration in seconds, as Foundation's `TimeInterval` (shared by Signet's modules).
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
