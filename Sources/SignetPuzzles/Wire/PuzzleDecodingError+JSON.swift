#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SignetJSON

extension PuzzleDecodingError {
    /// A decoding failure of `data` as a typed error naming where it happened (`$.words[2].x1`), by
    /// Signet's one `DecodingError` mapping.
    static func malformed(_ error: any Error, data: Data) -> PuzzleDecodingError {
        guard let decodingError = error as? DecodingError else { return .malformed(path: "$", reason: "\(error)") }
        let (path, reason) = JSONDecodingFailure.describe(decodingError, bytes: data)
        return .malformed(path: path.description, reason: reason)
    }
}
