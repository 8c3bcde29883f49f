import Foundation
import SignetCrypto
import SignetTestSupport
import Testing

/// `hash(contentsOfFile:)` streams a file: same digest as in memory (and as `openssl dgst`), typed errors.
@Suite("File hashing")
struct FileHashingTests {
    @Test("A few MiB on disk hash as they do in memory, at chunk sizes 7 and the default")
    func largeFile() throws {
        let directory = try TemporaryDirectory()
        var generator = SeededGenerator(seed: 0xF11E)
        let contents = generator.bytes(3 * 1024 * 1024 + 5)
        let path = try directory.file(named: "body.bin", bytes: contents)
        let inMemory = try MD5.hash(contents)
        #expect(try MD5.hash(contentsOfFile: path) == inMemory)
        #expect(try MD5.hash(contentsOfFile: path, chunkSize: 7) == inMemory)
        #expect(try MD5.hash(contentsOfFile: path, chunkSize: FileChunks.defaultChunkSize - 1) == inMemory)
        #expect(try SHA1.hash(contentsOfFile: path) == SHA1.hash(contents))
    }

    @Test("A known file content gives its published digest at chunk sizes 1, 7 and the default")
    func knownContent() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file(named: "digits", bytes: Array(String(repeating: "1234567890", count: 8).utf8))
        for chunkSize in [1, 7, FileChunks.defaultChunkSize] {
            #expect(try MD5.hash(contentsOfFile: path, chunkSize: chunkSize).hex == "57edf4a22be3c955ac49da2e2107b67a", "chunk \(chunkSize)")
        }
        let empty = try directory.file(named: "empty", bytes: [])
        #expect(try MD5.hash(contentsOfFile: empty).base64 == "1B2M2Y8AsgTpgAmY7PhCfg==")
    }

    @Test("A chunk size of zero or less still reads the file (one byte at a time)")
    func degenerateChunkSize() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file(named: "abc", bytes: Array("abc".utf8))
        #expect(try MD5.hash(contentsOfFile: path, chunkSize: 0).hex == "900150983cd24fb0d6963f7d28e17f72")
        #expect(try MD5.hash(contentsOfFile: path, chunkSize: -5).hex == "900150983cd24fb0d6963f7d28e17f72")
    }

    @Test("FileChunks.forEach counts every byte and hands chunks no larger than asked")
    func chunkCounting() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file(named: "data", bytes: [UInt8](repeating: 9, count: 1000))
        var largest = 0, collected = 0
        let total = try FileChunks.forEach(inFile: path, chunkSize: 64) { chunk in
            largest = max(largest, chunk.count)
            collected += chunk.count
        }
        #expect(total == 1000)
        #expect(collected == 1000)
        #expect(largest <= 64)
    }

    @Test("Agrees with `openssl dgst -md5` (skipped when openssl is not on PATH)",
          .enabled(if: FileHashingTests.executable(named: "openssl") != nil, "openssl is not on PATH"))
    func matchesOpenSSL() async throws {
        let openssl = try #require(Self.executable(named: "openssl"))
        let directory = try TemporaryDirectory()
        var generator = SeededGenerator(seed: 0x0BE5)
        let contents = generator.bytes(2 * 1024 * 1024 + 3)
        let path = try directory.file(named: "body.bin", bytes: contents)
        let process = Process()
        process.executableURL = openssl
        process.arguments = ["dgst", "-md5", "-r", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let data = try await OffPool.run(process, reading: output)
        #expect(process.terminationStatus == 0)
        let printed = String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init)
        #expect(printed == (try MD5.hash(contentsOfFile: path).hex))
    }

    @Test("A missing file is CryptoError.fileUnreadable naming the path")
    func missingFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("no-such-file").path
        do {
            _ = try MD5.hash(contentsOfFile: path)
            Issue.record("hashing a missing file succeeded")
        } catch let error as CryptoError {
            guard case .fileUnreadable(let reportedPath, let reason) = error else {
                Issue.record("wrong case: \(error)")
                return
            }
            #expect(reportedPath == path)
            #expect(!reason.isEmpty)
            #expect(error.description.contains(path))
        }
    }

    @Test("A directory is refused as a directory, not read")
    func directoryPath() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: CryptoError.notRegularFile(path: directory.url.path, kind: .directory)) {
            _ = try MD5.hash(contentsOfFile: directory.url.path)
        }
    }

    @Test("A FIFO is refused at once, without waiting for a writer")
    func fifo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("pipe").path
        #expect(mkfifo(path, 0o600) == 0, "mkfifo failed: \(String(cString: strerror(errno)))")
        let started = ContinuousClock.now
        #expect(throws: CryptoError.notRegularFile(path: path, kind: .fifo)) {
            _ = try MD5.hash(contentsOfFile: path)
        }
        #expect(throws: CryptoError.notRegularFile(path: path, kind: .fifo)) {
            _ = try FileChunks.forEach(inFile: path) { _ in }
        }
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test("/dev/zero is refused as a character device instead of being hashed for ever")
    func characterDevice() throws {
        #expect(throws: CryptoError.notRegularFile(path: "/dev/zero", kind: .characterDevice)) {
            _ = try MD5.hash(contentsOfFile: "/dev/zero")
        }
        let error = CryptoError.notRegularFile(path: "/dev/zero", kind: .characterDevice)
        #expect(error.description == "'/dev/zero' is a character device, not a regular file")
    }

    @Test("A symbolic link to a regular file is followed and hashed")
    func symbolicLink() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.file(named: "abc", bytes: Array("abc".utf8))
        let link = directory.url.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(try MD5.hash(contentsOfFile: link).hex == "900150983cd24fb0d6963f7d28e17f72")
    }

    @Test("RegularFile.read returns a small file whole and refuses one over the limit")
    func boundedRead() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file(named: "ten", bytes: Array("0123456789".utf8))
        #expect(try RegularFile.read(path, limit: 10) == Array("0123456789".utf8))
        #expect(try RegularFile.read(path, limit: 1 << 20) == Array("0123456789".utf8))
        #expect(throws: CryptoError.fileTooLarge(path: path, limit: 9)) { _ = try RegularFile.read(path, limit: 9) }
        let empty = try directory.file(named: "empty", bytes: [])
        #expect(try RegularFile.read(empty, limit: 0) == [])
        let big = try directory.file(named: "big", bytes: [UInt8](repeating: 7, count: 100_000))
        #expect(try RegularFile.read(big, limit: 100_000).count == 100_000)
        #expect(throws: CryptoError.notRegularFile(path: "/dev/zero", kind: .characterDevice)) {
            _ = try RegularFile.read("/dev/zero", limit: 10)
        }
    }

    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
