#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// An app shows `localizedDescription` (or `errorDescription`) in an alert: each error's own one-line
// description, which names what was wrong and where, never a secret.

extension CryptoError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}

extension HexDecodingError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}

extension VectorFileError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}

extension Base64DecodingError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}
