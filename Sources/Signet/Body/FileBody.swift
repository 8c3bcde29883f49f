#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file used as a replayable body: its path, its length measured when the body was made, and the
/// size of the chunks it is read in.
///
/// Only a regular file is a body: a FIFO, a device (`/dev/zero`), a socket or a directory fails with
/// ``SignetError/Kind/fileUnreadable(path:reason:)`` whose reason says what the path is (`not a regular
/// file: it is a FIFO (named pipe)`). The check is `fstat` on the opened descriptor, on every pass, and the
/// open itself never blocks (a FIFO without a writer would otherwise hang it).
///
/// Each pass opens the file afresh and reads exactly ``length`` bytes. A file that shrank or grew since the
/// body was made fails the pass with ``SignetError/Kind/fileUnreadable(path:reason:)``, because its signature
/// and `Content-Length` were computed for the old size.
public struct FileBody: Sendable {
    /// The file's path, as given.
    public let path: String
    /// The file's size in bytes when the body was made.
    public let length: Int
    /// The size of the chunks the file is read in.
    public let chunkSize: Int

    init(path: String, chunkSize: Int) throws {
        self.path = path
        self.chunkSize = max(1, chunkSize)
        let (descriptor, size) = try FileBody.open(path)
        _ = close(descriptor)
        self.length = size
    }

    /// Reads the whole file through one reused buffer, calling `visit` with each filled chunk.
    func forEachChunk(_ visit: (UnsafeRawBufferPointer) throws -> Void) throws {
        let reader = try openReader()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(chunkSize, max(length, 1)), alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try reader.fill(buffer)
            if count == 0 { return }
            try visit(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    func openReader() throws -> Reader {
        Reader(file: self, descriptor: try FileBody.open(path).descriptor)
    }

    /// One pass over the file; closes its descriptor when released.
    final class Reader {
        private let file: FileBody
        private let descriptor: Int32
        private var remaining: Int

        init(file: FileBody, descriptor: Int32) {
            self.file = file
            self.descriptor = descriptor
            self.remaining = file.length
        }

        deinit {
            _ = close(descriptor)
        }

        /// The next chunk as a new array, or `nil` at the end.
        func nextChunk() throws -> [UInt8]? {
            let size = min(file.chunkSize, remaining)
            if size == 0 {
                try checkAtEnd()
                return nil
            }
            var failure: (any Error)?
            let chunk = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                do {
                    initialized = try fill(UnsafeMutableRawBufferPointer(buffer))
                } catch {
                    failure = error
                    initialized = 0
                }
            }
            if let failure { throw failure }
            return chunk
        }

        /// Fills `buffer` (up to the bytes remaining) and returns how many bytes it holds; 0 at the end.
        func fill(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            let wanted = min(buffer.count, remaining)
            if wanted == 0 {
                try checkAtEnd()
                return 0
            }
            var filled = 0
            while filled < wanted {
                let base = buffer.baseAddress.map { $0 + filled }
                let result = read(descriptor, base, wanted - filled)
                if result < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    throw FileBody.error(file.path, "read failed at byte \(file.length - remaining + filled): "
                        + FileBody.message(code))
                }
                if result == 0 {
                    let got = file.length - remaining + filled
                    throw FileBody.error(file.path, "file shrank: \(got) of \(file.length) bytes were readable")
                }
                filled += result
            }
            remaining -= filled
            return filled
        }

        private func checkAtEnd() throws {
            var probe: UInt8 = 0
            var result: Int
            repeat {
                result = read(descriptor, &probe, 1)
            } while result < 0 && errno == EINTR
            if result > 0 {
                throw FileBody.error(file.path, "file grew beyond the \(file.length) bytes measured when the body was made")
            }
        }
    }

    /// Opens `path` without blocking (`O_NONBLOCK`: a FIFO would wait for a writer; `O_NOCTTY`: a terminal
    /// must not become the controlling one), checks on the descriptor that it is a regular file, and
    /// returns the descriptor (blocking again) with the file's size.
    private static func open(_ path: String) throws -> (descriptor: Int32, size: Int) {
        var descriptor: Int32
        var code: Int32 = 0
        repeat {
            descriptor = path.withCString { systemOpen($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
            code = descriptor < 0 ? errno : 0
        } while code == EINTR
        guard descriptor >= 0 else {
            throw error(path, "cannot open: \(message(code))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw error(path, "cannot stat: \(message(code))")
        }
        if let kind = kind(of: status.st_mode) {
            _ = close(descriptor)
            throw error(path, "not a regular file: it is \(kind)")
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return (descriptor, Int(status.st_size))
    }

    /// What a file of mode `mode` is, in words, or nil for a regular file.
    private static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "of file type 0o\(String(mode & S_IFMT, radix: 8))"
        }
    }

    private static func error(_ path: String, _ reason: String) -> SignetError {
        SignetError(.fileUnreadable(path: path, reason: reason))
    }

    private static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    open(path, flags)
}
