import Synchronization

/// A stream that hands out its iterator once; a second reader gets `nil` instead of a runtime trap.
package final class OneShotStream: Sendable {
    private let stream: Mutex<AsyncThrowingStream<[UInt8], any Error>?>

    init(_ stream: AsyncThrowingStream<[UInt8], any Error>) {
        self.stream = Mutex(stream)
    }

    /// The stream, the first time; `nil` afterwards.
    func take() -> AsyncThrowingStream<[UInt8], any Error>? {
        stream.withLock { stored in
            let taken = stored
            stored = nil
            return taken
        }
    }
}
