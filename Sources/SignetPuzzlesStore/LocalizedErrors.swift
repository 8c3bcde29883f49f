import Foundation

// An app shows `localizedDescription` (or `errorDescription`) in an alert: the error's own one-line
// description, which names what was wrong and where, never a secret.

extension PuzzleStoreError: LocalizedError {
    /// The error's description.
    public var errorDescription: String? { description }
}
