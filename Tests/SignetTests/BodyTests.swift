import Foundation
import Signet
import Testing

/// FNV-1a, 64 bit: an independent way to compare bytes seen chunk by chunk with the bytes written.
struct FNV1a {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
    static func of(_ bytes: [UInt8]) -> UInt64 {
        var fnv = FNV1a()
        bytes.withUnsafeBytes { fnv.update($0) }
        return fnv.hash
    }
}

/// A temporary file removed when the value is released.
final class TemporaryFile {
    let path: String
    init(bytes: [UInt8]) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("signet-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Deterministic pseudo-random bytes (a linear congruential generator).
func pseudoRandomBytes(_ count: Int, seed: UInt32 = 7) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
        state = state &* 1_664_525 &+ 1_013_904_223
        return UInt8(truncatingIfNeeded: state >> 24)
    }
}

@Suite("Body")
struct BodyTests {
    static let chunk = 64 * 1024
    static let size = 3 * 1024 * 1024 + 12_345  // a few MiB, not a multiple of the chunk size

    @Test("a file body reports its length at creation and is replayable")
    func fileLength() throws {
        let file = try TemporaryFile(bytes: pseudoRandomBytes(1000))
        let body = try Body.file(path: file.path)
        #expect(body.length == 1000)
        #expect(body.isReplayable)
        #expect(body.file?.path == file.path)
        #expect(body.inMemoryBytes == nil)
    }

    @Test("forEachChunk hashes a file chunk by chunk through one reused buffer of the chunk size")
    func fileHashedInChunks() throws {
        let bytes = pseudoRandomBytes(Self.size)
        let file = try TemporaryFile(bytes: bytes)
        let body = try Body.file(path: file.path, chunkSize: Self.chunk)
        var fnv = FNV1a()
        var sizes: [Int] = []
        var addresses = Set<UnsafeRawPointer?>()
        try body.forEachChunk { chunk in
            sizes.append(chunk.count)
            addresses.insert(chunk.baseAddress)
            fnv.update(chunk)
        }
        #expect(fnv.hash == FNV1a.of(bytes))
        #expect(sizes == Array(repeating: Self.chunk, count: 48) + [12_345])
        #expect(addresses.count == 1, "one buffer reused: the file is never held whole")
    }

    @Test("chunks() streams the file in chunk-size arrays, afresh on every pass")
    func fileChunksReplay() async throws {
        let bytes = pseudoRandomBytes(Self.size, seed: 99)
        let file = try TemporaryFile(bytes: bytes)
        let body = try Body.file(path: file.path, chunkSize: Self.chunk)
        for _ in 0..<2 {
            var sizes: [Int] = []
            var fnv = FNV1a()
            for try await chunk in body.chunks() {
                sizes.append(chunk.count)
                chunk.withUnsafeBytes { fnv.update($0) }
            }
            #expect(sizes == Array(repeating: Self.chunk, count: 48) + [12_345])
            #expect(fnv.hash == FNV1a.of(bytes))
        }
        #expect(try await body.collect(upTo: Self.size) == bytes)
    }

    @Test("an unreadable file fails at creation with a typed error naming the path")
    func unreadableFile() throws {
        let path = "/nonexistent/signet/\(UUID().uuidString).bin"
        #expect {
            _ = try Body.file(path: path)
        } throws: { error in
            guard let error = error as? SignetError, case .fileUnreadable(let reported, let reason) = error.kind else { return false }
            return reported == path && reason.contains("No such file") && error.description.contains(path)
        }
    }

    /// The reason `Body.file` gives for refusing `path`, or nil when it did not refuse it as expected.
    private func refusal(_ path: String) -> String? {
        do {
            _ = try Body.file(path: path)
            Issue.record("\(path) was accepted as a file body")
        } catch let error as SignetError {
            guard case .fileUnreadable(let reported, let reason) = error.kind else {
                Issue.record("wrong kind: \(error)")
                return nil
            }
            #expect(reported == path)
            return reason
        } catch {
            Issue.record("not a SignetError: \(error)")
        }
        return nil
    }

    @Test("a directory is not a file body, and the error says it is a directory")
    func directory() throws {
        #expect(refusal(FileManager.default.temporaryDirectory.path) == "not a regular file: it is a directory")
    }

    @Test("a FIFO is refused at once, without waiting for a writer")
    func fifo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signet-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(path, 0o600) == 0, "mkfifo failed: \(String(cString: strerror(errno)))")
        let started = ContinuousClock.now
        #expect(refusal(path) == "not a regular file: it is a FIFO (named pipe)")
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test("/dev/zero is refused as a character device instead of streaming for ever")
    func characterDevice() throws {
        #expect(refusal("/dev/zero") == "not a regular file: it is a character device")
    }

    @Test("a file that changed size since the body was made fails the pass instead of sending wrong bytes")
    func fileChangedSize() async throws {
        let file = try TemporaryFile(bytes: pseudoRandomBytes(5000))
        let body = try Body.file(path: file.path, chunkSize: 1024)
        try Data(pseudoRandomBytes(3000)).write(to: URL(fileURLWithPath: file.path))
        let shrank = await signetError { _ = try await body.collect(upTo: 10_000) }
        if case .fileUnreadable(_, let reason)? = shrank?.kind { #expect(reason.contains("shrank")) } else {
            Issue.record("expected fileUnreadable, got \(String(describing: shrank))")
        }
        try Data(pseudoRandomBytes(6000)).write(to: URL(fileURLWithPath: file.path))
        let grew = await signetError { try body.forEachChunk { _ in } }
        if case .fileUnreadable(_, let reason)? = grew?.kind { #expect(reason.contains("grew")) } else {
            Issue.record("expected fileUnreadable, got \(String(describing: grew))")
        }
    }

    @Test("collect refuses a body larger than the limit")
    func collectLimit() async throws {
        let error = await signetError { _ = try await Body([UInt8](repeating: 1, count: 11)).collect(upTo: 10) }
        if case .bodyTooLarge(let limit, let actual)? = error?.kind {
            #expect(limit == 10)
            #expect(actual == 11)
        } else {
            Issue.record("expected bodyTooLarge, got \(String(describing: error))")
        }
        let stream = AsyncThrowingStream<[UInt8], any Error> { $0.yield([1, 2, 3]); $0.yield([4, 5, 6]); $0.finish() }
        let streamed = await signetError { _ = try await Body.stream(stream, length: nil).collect(upTo: 5) }
        #expect(streamed?.kind.name == "bodyTooLarge")
    }

    @Test("a stream body is one-shot: the second pass and synchronous reads fail with a typed error")
    func streamOneShot() async throws {
        let stream = AsyncThrowingStream<[UInt8], any Error> { $0.yield([1, 2]); $0.yield([3]); $0.finish() }
        let body = Body.stream(stream, length: 3)
        #expect(!body.isReplayable)
        #expect(body.length == 3)
        #expect(try await body.collect(upTo: 10) == [1, 2, 3])
        let again = await signetError { _ = try await body.collect(upTo: 10) }
        #expect(again?.kind.name == "bodyNotReplayable")
        let sync = await signetError { try body.forEachChunk { _ in } }
        #expect(sync?.kind.name == "bodyNotReplayable")
    }

    @Test("in-memory bodies from bytes, String and Data; the empty body has no chunks")
    func inMemory() async throws {
        #expect(Body("héllo").inMemoryBytes == [0x68, 0xC3, 0xA9, 0x6C, 0x6C, 0x6F])
        #expect(Body(Data([1, 2, 3])).length == 3)
        #expect(Body.bytes([9]).isReplayable)
        var count = 0
        for try await _ in Body.empty.chunks() { count += 1 }
        #expect(count == 0)
        #expect(Body.empty.length == 0)
        var visited: [[UInt8]] = []
        try Body([5, 6, 7]).forEachChunk { visited.append(Array($0)) }
        #expect(visited == [[5, 6, 7]])
    }

    @Test("a JSON body encodes the value")
    func jsonBody() throws {
        struct Avatar: Encodable { let Top: Int }
        #expect(try Body.json(Avatar(Top: 2)).inMemoryBytes == Array(#"{"Top":2}"#.utf8))
    }
}
