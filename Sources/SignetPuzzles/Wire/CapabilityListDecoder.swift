#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes a `GET /capabilities` response: `[{"name", "description", "keyword"}]`.
public enum CapabilityListDecoder {
    /// The largest body accepted, in bytes.
    public static let maxBytes = 64 * 1024

    /// The listed capabilities, as published (resolve them with `CapabilitySet.resolve`).
    public static func decode(_ data: Data) throws(PuzzleDecodingError) -> [PuzzleCapability] {
        guard data.count <= maxBytes else {
            throw .tooLarge(bytes: data.count, limit: maxBytes)
        }
        try PuzzleDecodingError.checkJSON(data)
        do {
            return try JSONDecoder().decode([PuzzleCapability].self, from: data)
        } catch {
            throw PuzzleDecodingError.malformed(error, data: data)
        }
    }
}
