#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path named when a regular file was wanted: the reason ``CryptoError/notRegularFile(path:kind:)``
/// gives for refusing it.
public enum FileKind: Sendable, Equatable, CustomStringConvertible {
    /// A directory.
    case directory
    /// A named pipe: reading it waits for a writer, possibly for ever.
    case fifo
    /// A character device such as `/dev/zero` or a terminal: it may never end.
    case characterDevice
    /// A block device such as a disk.
    case blockDevice
    /// A Unix-domain socket.
    case socket
    /// Anything else, with the file-type bits of its mode.
    case other(mode: UInt32)

    /// The kind of a file whose `st_mode` is `mode`, or nil for a regular file.
    init?(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other(mode: UInt32(truncatingIfNeeded: mode & S_IFMT))
        }
    }

    /// `a FIFO (named pipe)`, `a character device`, …
    public var description: String {
        switch self {
        case .directory: "a directory"
        case .fifo: "a FIFO (named pipe)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .other(let mode): "not a regular file (file type 0o\(String(mode, radix: 8)))"
        }
    }
}

/// Opens regular files only, and reads small ones whole with a size limit. Shared by Signet's own modules
/// (file hashing, the command-line tool's vector, secret and config files).
package enum RegularFile {
    /// Opens `path` for reading and checks, on the opened descriptor, that it is a regular file.
    ///
    /// The open itself must not block: `O_NONBLOCK` makes opening a FIFO return at once instead of waiting
    /// for a writer, and `O_NOCTTY` keeps a terminal device from becoming the controlling terminal. The
    /// check is `fstat` on the descriptor, so the path cannot be swapped between the check and the reads.
    /// The caller closes the descriptor.
    package static func open(_ path: String) throws(CryptoError) -> Int32 {
        var descriptor: Int32
        var code: Int32
        repeat {
            descriptor = path.withCString { systemOpen($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
            code = descriptor < 0 ? errno : 0
        } while code == EINTR
        guard descriptor >= 0 else { throw .fileUnreadable(path: path, reason: reason(code)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw .fileUnreadable(path: path, reason: reason(code))
        }
        if let kind = FileKind(mode: status.st_mode) {
            _ = close(descriptor)
            throw .notRegularFile(path: path, kind: kind)
        }
        // Reads of a regular file never block; clear the flag anyway so the descriptor behaves as usual.
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return descriptor
    }

    /// What says the file at `path` changed: its inode, size and modification time (nanoseconds since 1970);
    /// refused like ``open(_:)`` when it is not a regular file or cannot be examined.
    package static func stamp(_ path: String) throws(CryptoError) -> (inode: UInt64, size: UInt64, modified: Int64) {
        var status = stat()
        guard path.withCString({ stat($0, &status) }) == 0 else { throw .fileUnreadable(path: path, reason: reason(errno)) }
        if let kind = FileKind(mode: status.st_mode) { throw .notRegularFile(path: path, kind: kind) }
        #if canImport(Darwin)
        let modified = Int64(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(status.st_mtimespec.tv_nsec)
        #else
        let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        #endif
        return (UInt64(status.st_ino), UInt64(status.st_size), modified)
    }

    /// The whole contents of the regular file at `path`, refused when it holds more than `limit` bytes.
    ///
    /// The size is checked before reading and again while reading (the file may grow in between), so at
    /// most `limit + 1` bytes are ever read.
    package static func read(_ path: String, limit: Int) throws(CryptoError) -> [UInt8] {
        let limit = max(0, limit)
        let descriptor = try open(path)
        defer { _ = close(descriptor) }
        var status = stat()
        var expected = 0
        if fstat(descriptor, &status) == 0 {
            guard Int64(status.st_size) <= Int64(limit) else { throw .fileTooLarge(path: path, limit: limit) }
            expected = Int(status.st_size)
        }
        // One byte more than allowed tells a file that grew past the limit from one that ends at it.
        let capacity = limit == Int.max ? limit : limit + 1
        var bytes = [UInt8](repeating: 0, count: min(capacity, expected + 1))
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count < capacity else { break }
                bytes.append(contentsOf: repeatElement(0, count: min(max(bytes.count, 4096), capacity - bytes.count)))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if count == 0 { break }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .fileUnreadable(path: path, reason: reason(code))
            }
            filled += count
        }
        guard filled <= limit else { throw .fileTooLarge(path: path, limit: limit) }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    open(path, flags)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
