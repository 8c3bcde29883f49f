#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// An app shows `localizedDescription` (or `errorDescription`) in an alert: each error's own one-line
// description, which names what was wrong and where, never a secret.

extension PropertyListError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}

extension WorldsError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}

extension WorldsLoginForm.MissingFields: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}

extension DeviceIdentityError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}
