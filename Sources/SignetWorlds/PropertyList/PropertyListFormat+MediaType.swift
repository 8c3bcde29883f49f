#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Signet

/// The media types that name each property-list format in HTTP `Accept` and `Content-Type` fields.
extension PropertyListFormat {
    /// The media type a client asks for in `Accept` to get this format, and the one a server labels it with:
    /// `text/plain` (OpenStep text, what the real worlds server sends), `application/x-plist` (XML),
    /// `application/x-bplist` (binary).
    public var mediaType: String {
        switch self {
        case .openStep: "text/plain"
        case .xml: "application/x-plist"
        case .binary: "application/x-bplist"
        }
    }

    /// The format a media type names (`type/subtype`, parameters ignored, any case): `application/x-bplist`
    /// → binary; `application/x-plist`, `text/xml`, `application/xml` → XML; `text/plain`,
    /// `text/x-plist` → OpenStep; anything else → `nil`.
    public init?(mediaType: String) {
        let essence = mediaType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        switch essence.trimmingOptionalWhitespace().lowercased() {
        case "application/x-bplist": self = .binary
        case "application/x-plist", "text/xml", "application/xml": self = .xml
        case "text/plain", "text/x-plist": self = .openStep
        default: return nil
        }
    }
}
