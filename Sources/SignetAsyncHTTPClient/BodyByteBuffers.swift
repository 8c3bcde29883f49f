import NIOCore
import Signet

/// A body's chunks as `ByteBuffer`s, for AsyncHTTPClient's streaming upload: each pass reads the body afresh
/// (a file is read chunk by chunk from disk, so memory stays flat whatever its size).
struct BodyByteBuffers: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let body: Body

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: body.chunks().makeAsyncIterator())
    }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: Body.Chunks.Iterator

        mutating func next() async throws -> ByteBuffer? {
            guard let chunk = try await chunks.next() else { return nil }
            return ByteBuffer(bytes: chunk)
        }
    }
}
