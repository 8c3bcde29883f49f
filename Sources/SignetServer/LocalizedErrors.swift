import Foundation

// An app shows `localizedDescription` (or `errorDescription`) in an alert: each error's own one-line
// description, which names what was wrong and where, never a secret.

extension ReferenceServerError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}

extension FormDecodingError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}

extension PuzzleGenerationError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}

extension TriviaGameConfigurationError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}
