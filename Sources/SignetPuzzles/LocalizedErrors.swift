#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// An app shows `localizedDescription` (or `errorDescription`) in an alert: each error's own one-line
// description, which names what was wrong and where, never a secret.

extension PuzzleSettingsError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}

extension PuzzlesClientError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}

extension PuzzleDecodingError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}
