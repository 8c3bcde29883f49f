#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams a file through a consumer in fixed-size chunks: constant memory whatever the file's size.
public enum FileChunks {
    /// The default chunk size: large enough to amortise the read system call, small enough to stay in cache.
    public static let defaultChunkSize = 256 * 1024

    /// Reads `path` from start to end, handing each chunk to `consume`; returns the byte count read.
    public static func forEach(
        inFile path: String,
        chunkSize: Int = defaultChunkSize,
        _ consume: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CryptoError.fileUnreadable(path: path, reason: systemReason()) }
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
    /// Digest of a file's contents in one streaming pass with constant memory.
    public static func hash(contentsOfFile path: String, chunkSize: Int = FileChunks.defaultChunkSize) throws -> Digest {
        var hasher = try Self()
        _ = try FileChunks.forEach(inFile: path, chunkSize: chunkSize) { hasher.update($0) }
        return try hasher.finalize()
    }
}
