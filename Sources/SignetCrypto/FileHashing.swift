#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams a regular file through a consumer in fixed-size chunks: constant memory whatever the file's size.
///
/// Only regular files are read: a FIFO, a device (`/dev/zero`), a socket or a directory is refused with
/// ``CryptoError/notRegularFile(path:kind:)`` before any byte is read, checked on the opened descriptor.
public enum FileChunks {
    /// The default chunk size: large enough to amortise the read system call, small enough to stay in cache.
    public static let defaultChunkSize = 256 * 1024

    /// Reads the regular file `path` from start to end, handing each chunk to `consume`; returns the byte
    /// count read.
    /// - Throws: ``CryptoError/notRegularFile(path:kind:)`` for anything but a regular file,
    ///   ``CryptoError/fileUnreadable(path:reason:)`` when it cannot be opened or read.
    public static func forEach(
        inFile path: String,
        chunkSize: Int = defaultChunkSize,
        _ consume: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        let descriptor = try RegularFile.open(path)
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(chunkSize, 1), alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count == 0 { return total }
            if count < 0 {
                if errno == EINTR { continue }
                throw CryptoError.fileUnreadable(path: path, reason: systemReason())
            }
            try consume(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += count
        }
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}

extension HashFunction {
    /// Digest of a regular file's contents in one streaming pass with constant memory; anything else (FIFO,
    /// device, directory) is refused with ``CryptoError/notRegularFile(path:kind:)``.
    public static func hash(contentsOfFile path: String, chunkSize: Int = FileChunks.defaultChunkSize) throws -> Digest {
        var hasher = try Self()
        _ = try FileChunks.forEach(inFile: path, chunkSize: chunkSize) { hasher.update($0) }
        return try hasher.finalize()
    }
}
