import Foundation
import GRDB
import Signet
import SignetPuzzles
import SignetPuzzlesStore
import SignetServer
import Testing

/// The puzzle store under a crash: a child process (`PuzzleStoreCrashChild`) records finds on a real SQLite
/// file and acknowledges each one on stdout after it is committed; the test kills it with SIGKILL at a random
/// moment in the middle of recording, then checks the file. Twenty runs on the same file, each starting from
/// the previous crash.
@Suite("Puzzle store killed while recording")
struct StoreCrashTests {
    static let runs = 20

    @Test("SIGKILL mid-recording, 20 times: integrity_check is ok and every acknowledged find is kept")
    func killedWhileRecording() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("puzzles.sqlite")
        let settings = PuzzleSettings(
            width: 20, height: 20, words: 30, minLength: 3, maxLength: 10, capabilities: ["horizontal", "vertical", "angle"])
        let template = try PuzzleGenerator(seed: 13).generate(settings)
        do {
            let store = try PuzzleStore(path: path)
            try await store.save(template, settings: settings)
            try store.close()
        }
        let child = try Self.childExecutable()
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        var acknowledgedFinds = Set<String>()   // "ID WORD"
        var acknowledgedSaves = Set<String>()
        let clock = ContinuousClock()
        let started = clock.now

        for run in 0..<Self.runs {
            let delay = Duration.milliseconds(Int.random(in: 0...40, using: &random))
            let lines = try await Self.runAndKill(
                child, arguments: [path, template.id, "run\(run)", "10000"], after: delay, run: run, seed: seed)
            for line in lines {
                if line.hasPrefix("found ") { acknowledgedFinds.insert(String(line.dropFirst("found ".count))) }
                if line.hasPrefix("saved ") { acknowledgedSaves.insert(String(line.dropFirst("saved ".count))) }
            }

            // The file as SQLite sees it, through a connection of GRDB's own (no store code).
            let queue = try DatabaseQueue(path: path)
            let (integrity, keys, finds, puzzles) = try await queue.read { db in
                (try String.fetchAll(db, sql: "PRAGMA integrity_check"),
                 try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count,
                 Set(try String.fetchAll(db, sql: "SELECT puzzleId || ' ' || word FROM foundWord")),
                 Set(try String.fetchAll(db, sql: "SELECT id FROM puzzle")))
            }
            try queue.close()
            #expect(integrity == ["ok"], "run \(run) (seed \(seed)): integrity_check says \(integrity)")
            #expect(keys == 0, "run \(run) (seed \(seed)): foreign_key_check found \(keys) rows")
            let lost = acknowledgedFinds.subtracting(finds)
            #expect(lost.isEmpty, "run \(run) (seed \(seed)): acknowledged finds missing: \(lost.sorted().prefix(10))")
            #expect(acknowledgedSaves.isSubset(of: puzzles), "run \(run) (seed \(seed)): acknowledged saves missing")
            // At most one change per run was committed and not yet acknowledged when the kill came.
            #expect(finds.count - acknowledgedFinds.count <= run + 1, "run \(run): more finds than were made")

            // And the store itself opens the file again and reads every game.
            let store = try PuzzleStore(path: path)
            let games = try await store.games()
            try store.close()
            #expect(games.count == puzzles.count)
            #expect(games.map(\.foundCount).reduce(0, +) == finds.count)
            if !lost.isEmpty || integrity != ["ok"] { break }
        }
        let elapsed = clock.now - started
        #expect(acknowledgedFinds.count >= Self.runs, "the child was killed before it recorded much (\(acknowledgedFinds.count) finds)")
        print("""
            puzzle store crash test: \(Self.runs) SIGKILLs, \(acknowledgedFinds.count) acknowledged finds and \
            \(acknowledgedSaves.count) saves all kept, integrity_check ok every time, \(elapsed) (seed \(seed))
            """)
    }

    /// Runs the child until it has acknowledged its first find, lets it go on for `delay`, kills it with
    /// SIGKILL and returns the complete lines it wrote. Bounded: a child that acknowledges nothing within
    /// 30 s is killed and the test fails.
    static func runAndKill(
        _ child: URL, arguments: [String], after delay: Duration, run: Int, seed: UInt64
    ) async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signet-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stdoutURL = folder.appendingPathComponent("stdout"), stderrURL = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdout = try FileHandle(forWritingTo: stdoutURL), stderr = try FileHandle(forWritingTo: stderrURL)
        defer {
            try? stdout.close()
            try? stderr.close()
        }
        let process = Process()
        process.executableURL = child
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        let (exits, exited) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in
            exited.yield()
            exited.finish()
        }
        try process.run()

        func written() -> String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while process.isRunning, !written().contains("\nfound "), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
        let wasRecording = process.isRunning && written().contains("\nfound ")
        if wasRecording { try await Task.sleep(for: delay) }
        kill(process.processIdentifier, SIGKILL)
        for await _ in exits {}
        let problem = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
        #expect(wasRecording, "run \(run) (seed \(seed)): the child acknowledged no find in 30 s: \(problem)")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
                "run \(run) (seed \(seed)): the child ended by itself (status \(process.terminationStatus)): \(problem)")
        // A line is acknowledged once its newline is written; a cut-off last line is not.
        var lines = written().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()
        return lines
    }

    /// The `PuzzleStoreCrashChild` executable built beside the test bundle (any scratch path), or in the
    /// package's `.build/debug`.
    static func childExecutable() throws -> URL {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var directories: [URL] = []
        for start in [URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
                      URL(fileURLWithPath: CommandLine.arguments.first ?? ""), Bundle.main.bundleURL] {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<4 {
                directories.append(directory)
                directory = directory.deletingLastPathComponent()
            }
        }
        directories.append(packageRoot.appendingPathComponent(".build/debug"))
        for directory in directories {
            let candidate = directory.appendingPathComponent("PuzzleStoreCrashChild")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ChildNotFound(searched: directories.map(\.path))
    }

    struct ChildNotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String { "PuzzleStoreCrashChild was not built; looked in \(searched.joined(separator: ", "))" }
    }
}
