import Foundation
import Hummingbird
import SignetJSON

/// Decodes request bodies as JSON, turning every failure into a 400 that names the JSON path at fault.
enum JSONRequest {
    /// Decodes `buffer` as `type`.
    /// - Throws: ``ReferenceAPIError`` 400, e.g. `request body is not valid at $.avatar.Top: expected a number`.
    static func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws(ReferenceAPIError) -> T {
        let data = Data(buffer.readableBytesView)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            let (path, reason) = JSONDecodingFailure.describe(error, bytes: data)
            throw ReferenceAPIError(.badRequest, "request body is not valid at \(path): \(reason)")
        } catch {
            throw ReferenceAPIError(.badRequest, "request body is not valid JSON: \(error)")
        }
    }
}
