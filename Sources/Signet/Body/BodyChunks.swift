extension Body {
    /// The chunks of a body, as an async sequence of byte arrays.
    ///
    /// File chunks are ``FileBody/chunkSize`` bytes each except the last; an in-memory body is one chunk
    /// (none when empty). Iterating a stream body a second time fails with
    /// ``SignetError/Kind/bodyNotReplayable(reason:)``.
    public struct Chunks: AsyncSequence, Sendable {
        /// One chunk of bytes.
        public typealias Element = [UInt8]

        let storage: Body.Storage

        /// Starts a pass over the body.
        public func makeAsyncIterator() -> Iterator {
            switch storage {
            case .bytes(let bytes):
                return Iterator(state: bytes.isEmpty ? .finished : .bytes(bytes))
            case .file(let file):
                return Iterator(state: .file(file, reader: nil))
            case .stream(let oneShot, _):
                if let stream = oneShot.take() {
                    return Iterator(state: .stream(stream.makeAsyncIterator()))
                }
                return Iterator(state: .failed(SignetError(.bodyNotReplayable(
                    reason: "this stream body was already read once"))))
            }
        }

        /// Iterates the chunks of one pass.
        public struct Iterator: AsyncIteratorProtocol {
            enum State {
                case bytes([UInt8])
                case file(FileBody, reader: FileBody.Reader?)
                case stream(AsyncThrowingStream<[UInt8], any Error>.Iterator)
                case failed(SignetError)
                case finished
            }

            var state: State

            /// The next chunk, or `nil` at the end of the body.
            public mutating func next() async throws -> [UInt8]? {
                switch state {
                case .bytes(let bytes):
                    state = .finished
                    return bytes
                case .file(let file, let existing):
                    let reader = try existing ?? file.openReader()
                    state = .file(file, reader: reader)
                    guard let chunk = try reader.nextChunk() else {
                        state = .finished
                        return nil
                    }
                    return chunk
                case .stream(var iterator):
                    let chunk = try await iterator.next()
                    state = chunk == nil ? .finished : .stream(iterator)
                    return chunk
                case .failed(let error):
                    state = .finished
                    throw error
                case .finished:
                    return nil
                }
            }
        }
    }
}
