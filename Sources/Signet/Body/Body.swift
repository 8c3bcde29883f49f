#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A request or response body: bytes in memory, a replayable file stream of known length, or a one-shot stream.
///
/// In-memory and file bodies are *replayable*: every call to ``chunks()`` or ``forEachChunk(_:)`` is a fresh
/// pass from the first byte, so a signer can hash a body and the transport can then send it, and a retry can
/// send it again. A file body is never loaded whole; it is read in chunks of ``FileBody/chunkSize`` bytes.
/// A one-shot stream (typically a response body) can be read once; retry never replays it.
public struct Body: Sendable {
    /// Where the bytes are (package: the transports in other modules send each kind its own way).
    package enum Storage: Sendable {
        case bytes([UInt8])
        case file(FileBody)
        case stream(OneShotStream, length: Int?)
    }

    package let storage: Storage

    package init(storage: Storage) {
        self.storage = storage
    }

    /// The empty body (length 0, replayable).
    public static let empty = Body(storage: .bytes([]))

    /// A body holding `bytes` in memory.
    public static func bytes(_ bytes: [UInt8]) -> Body {
        Body(storage: .bytes(bytes))
    }

    /// A body holding `bytes` in memory.
    public init(_ bytes: [UInt8]) {
        self.init(storage: .bytes(bytes))
    }

    /// A body holding the UTF-8 encoding of `string`.
    public init(_ string: String) {
        self.init(storage: .bytes(Array(string.utf8)))
    }

    /// A body holding the bytes of `data`.
    public init(_ data: Data) {
        self.init(storage: .bytes([UInt8](data)))
    }

    /// The default size of the chunks a file body is read in: 64 KiB.
    public static let defaultFileChunkSize = 64 * 1024

    /// A replayable body streamed from the regular file at `path`, read in chunks of `chunkSize` bytes
    /// (values below 1 mean 1).
    ///
    /// The file is opened and its length measured now, so an unreadable file fails here, naming the path.
    /// - Throws: ``SignetError`` of kind ``SignetError/Kind/fileUnreadable(path:reason:)``.
    public static func file(path: String, chunkSize: Int = Body.defaultFileChunkSize) throws -> Body {
        Body(storage: .file(try FileBody(path: path, chunkSize: chunkSize)))
    }

    /// A one-shot body read from `stream`; `length` is its size in bytes when known.
    ///
    /// The stream can be read once: a second ``chunks()`` pass fails with
    /// ``SignetError/Kind/bodyNotReplayable(reason:)``, and retry middleware does not resend such a body.
    public static func stream(_ stream: AsyncThrowingStream<[UInt8], any Error>, length: Int?) -> Body {
        Body(storage: .stream(OneShotStream(stream), length: length))
    }

    /// The size in bytes, when known (always known for in-memory and file bodies).
    public var length: Int? {
        switch storage {
        case .bytes(let bytes): return bytes.count
        case .file(let file): return file.length
        case .stream(_, let length): return length
        }
    }

    /// True when the body can be read more than once (in-memory and file bodies).
    public var isReplayable: Bool {
        switch storage {
        case .bytes, .file: return true
        case .stream: return false
        }
    }

    /// The bytes, when the body is held in memory; `nil` for file and stream bodies.
    public var inMemoryBytes: [UInt8]? {
        if case .bytes(let bytes) = storage { return bytes }
        return nil
    }

    /// The file behind a file body; `nil` for other bodies. Transports use it to stream the file themselves.
    public var file: FileBody? {
        if case .file(let file) = storage { return file }
        return nil
    }

    /// The body's chunks as an async sequence; for replayable bodies each call is a fresh pass from the start.
    public func chunks() -> Chunks {
        Chunks(storage: storage)
    }

    /// Calls `visit` with each chunk in order, synchronously, reusing one buffer — the form hashing wants.
    ///
    /// In-memory bodies are visited as one chunk; file bodies in chunks of at most ``FileBody/chunkSize`` bytes.
    /// - Throws: ``SignetError/Kind/bodyNotReplayable(reason:)`` for a stream body (it can only be read
    ///   asynchronously), ``SignetError/Kind/fileUnreadable(path:reason:)`` when the file cannot be read,
    ///   or whatever `visit` throws.
    public func forEachChunk(_ visit: (UnsafeRawBufferPointer) throws -> Void) throws {
        switch storage {
        case .bytes(let bytes):
            try bytes.withUnsafeBytes { try visit($0) }
        case .file(let file):
            try file.forEachChunk(visit)
        case .stream:
            throw SignetError(.bodyNotReplayable(reason: "a stream body cannot be read synchronously"))
        }
    }
}
