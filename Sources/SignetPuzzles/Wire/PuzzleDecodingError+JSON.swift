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

    /// Reads `data` as JSON first with Signet's reader, which refuses what `JSONDecoder` lets through: an object
    /// that names a member twice (`JSONDecoder` keeps one of the two and says nothing). The fault's path and
    /// byte offset are named.
    static func checkJSON(_ data: Data) throws(PuzzleDecodingError) {
        do {
            _ = try JSONReader.read(data)
        } catch {
            throw .malformed(path: error.path.description, reason: "\(error.message) (byte \(error.byteOffset))")
        }
    }
}
