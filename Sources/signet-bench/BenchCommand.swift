// signet-bench: measures Signet against baselines taken in the same run and prints the ratios.
// Run it in release: `swift run -c release signet-bench --all` (or one part; `--help` lists them).
import ArgumentParser
import Foundation
import Logging

/// The benchmark's command line: one part, or `--all`; with neither, help.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signet-bench",
        abstract: "Measures Signet against baselines taken in the same run and prints the ratios.",
        discussion: """
            Build in release: `swift run -c release signet-bench --all`. With no part named, this help.
            The chain benchmark and the soak run signet-server as a child process: build it first with
            `swift build -c release --product signet-server`. The PostgreSQL part of --server-load runs on the
            database SIGNET_POSTGRES_URL names (the benchmark writes to it, pgbench's tables included, dropped
            afterwards), else on a throw-away cluster it starts with .ci/postgres.sh (run from the repository).
            """)

    @Flag(help: "Everything: signing, file digest, conditions, middleware, the chain, verification, server load.")
    var all = false
    @Flag(help: "Shorter runs (64 MiB file, fewer rounds).")
    var quick = false
    @Flag(help: "With --all: leave out the 1 GiB file digest.")
    var skipFile = false
    @Flag(help: "With --all: leave out every network benchmark.")
    var skipNetwork = false
    @Option(help: "Size of the digest benchmark's file, in MiB.")
    var fileMb: Int?

    @Flag(help: "Only the signing ratio against the C floor (scripts/bench-backends.sh runs this).")
    var signingOnly = false
    @Flag(help: "A per-piece breakdown of signing.")
    var pieces = false
    @Flag(help: "A signing loop for callgrind.")
    var profileSign = false
    @Flag(help: "A loop of server-side verifications (an accepted signed GET, keys in memory) for perf.")
    var profileVerify = false
    @Flag(help: "With --profile-verify: metrics and tracing on (swift-prometheus and a batching tracer).")
    var observed = false
    @Flag(help: "With --profile-verify: each verification timed alone, with the caches a request's other work leaves (data and code evicted between calls).")
    var cold = false
    @Option(help: "With --profile-verify: this many threads verify at once, each its own loop (shared keys and telemetry, as a server's threads share them).")
    var threads: Int = 1
    @Flag(help: "A per-step breakdown of the client chain.")
    var chainPieces = false
    @Flag(help: "Only the signed GET through the whole chain against a bare AsyncHTTPClient GET.")
    var onlyNetwork = false
    @Flag(help: "Only the verification middleware's cost on a local Hummingbird server.")
    var serverSide = false
    @Option(help: "--server-side: drive each round with this wrk executable, in its own process, instead of an in-process client.")
    var wrk: String?
    @Option(help: "--server-side: connections (or in-process concurrent requests) per round (default 8).")
    var connections: Int = 8
    @Flag(help: """
        --server-side --wrk: each adapter against its plain route in two server processes on one core at the \
        same moment, which see the same machine speed (docs/benchmarks.md, "Side by side"). \
        SIGNET_BENCH_PAIRS=hummingbird,spread runs only the pairs whose names contain one of its words.
        """)
    var sideBySide = false
    @Flag(help: .hidden)
    var benchServers = false
    @Flag(help: """
        Only the load on the reference server: Magic POSTs and player GETs in memory, then on PostgreSQL against \
        pgbench tpcb-like on the same cluster (SIGNET_POSTGRES_URL, else a throw-away one from .ci/postgres.sh).
        """)
    var serverLoad = false
    @Option(help: "Seconds of each load for --server-load, pgbench's included (default 20, 8 with --quick).")
    var loadSeconds: Int?
    @Option(help: "--server-load: concurrent clients, and pgbench's (default 16).")
    var loadClients: Int?
    @Option(help: "--server-load: pgbench -i's scale (default: the client count).")
    var pgbenchScale: Int?
    @Option(help: "--server-load: the server's PostgreSQL connections (default: the server's own default).")
    var postgresPool: Int?

    @Flag(help: "A long mixed load on a child signet-server; exits 1 when anything but the designed answers came back or its memory grew.")
    var soak = false
    @Option(help: "Soak: seconds measured (1-3600).")
    var seconds: Int?
    @Option(help: "Soak: seconds of warm-up (0-600).")
    var warmup: Int?
    @Option(help: "Soak: concurrent clients (1-4096).")
    var clients: Int?
    @Option(help: "Soak: the signet-server executable to run.")
    var server: String?

    func validate() throws {
        if let fileMb, fileMb < 1 { throw ValidationError("--file-mb must be at least 1") }
        if let loadSeconds, loadSeconds < 1 { throw ValidationError("--load-seconds must be at least 1") }
        if let loadClients, !(1...1_024).contains(loadClients) { throw ValidationError("--load-clients must be from 1 to 1024") }
        if let pgbenchScale, !(1...10_000).contains(pgbenchScale) { throw ValidationError("--pgbench-scale must be from 1 to 10000") }
        if let postgresPool, !(1...10_000).contains(postgresPool) { throw ValidationError("--postgres-pool must be from 1 to 10000") }
        if let seconds, !(1...3_600).contains(seconds) { throw ValidationError("--seconds must be from 1 to 3600") }
        if let warmup, !(0...600).contains(warmup) { throw ValidationError("--warmup must be from 0 to 600") }
        if let clients, !(1...4_096).contains(clients) { throw ValidationError("--clients must be from 1 to 4096") }
        if !(1...64).contains(threads) { throw ValidationError("--threads must be from 1 to 64") }
        if !(1...1_024).contains(connections) { throw ValidationError("--connections must be from 1 to 1024") }
        // It pins this process to one CPU for the rest of the run: only --server-side runs after it.
        if sideBySide && !serverSide { throw ValidationError("--side-by-side is a mode of --server-side: add --server-side") }
        if sideBySide && wrk == nil { throw ValidationError("--side-by-side needs --wrk PATH") }
        if let wrk, !FileManager.default.isExecutableFile(atPath: wrk) {
            throw ValidationError("--wrk: no executable at \(wrk) (Debian: apt-get install wrk)")
        }
    }

    /// `signet-bench help` is `signet-bench --help` (ArgumentParser knows `help` only for subcommands).
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        await main(arguments == ["help"] ? ["--help"] : arguments)
    }

    func run() async throws {
        // A child of --side-by-side: the benchmark's servers alone, until its standard input closes.
        if benchServers { try await SideBySideBenchmark.serve(); return }
        let parts = [all, signingOnly, pieces, profileSign, profileVerify, chainPieces, onlyNetwork, serverSide, serverLoad, soak]
        guard parts.contains(true) else {
            print(Self.helpMessage())
            return
        }
        // Request logging would measure the terminal, not the client: warnings only, to stderr.
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .warning
            return handler
        }
        #if DEBUG
        print("warning: this is a debug build; measure with `swift run -c release signet-bench`")
        #endif
        do {
            try await measure()
        } catch let code as ExitCode {
            throw code
        } catch {
            FileHandle.standardError.write(Data("signet-bench: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    private func measure() async throws {
        if signingOnly { _ = try SigningBenchmark.run(rounds: quick ? 100 : 400, iterations: 1_000); return }
        if pieces { try SigningBreakdown.run(); return }
        if profileSign { try SigningBreakdown.profileSign(); return }
        if profileVerify { try VerificationBenchmark.profile(observed: observed, threads: threads, cold: cold); return }
        if chainPieces { try await ChainBreakdown.run(batches: 50, batchSize: 1_000); return }
        if soak {
            var options = SoakBenchmark.Options()
            options.seconds = seconds ?? (quick ? 10 : options.seconds)
            options.warmupSeconds = warmup ?? (quick ? 5 : options.warmupSeconds)
            options.clients = clients ?? options.clients
            if let server { options.server = URL(fileURLWithPath: server) }
            if try await !SoakBenchmark.run(options) { throw ExitCode.failure }
            return
        }
        if serverLoad { try await runServerLoad(); return }
        if serverSide { try await runVerification(); return }
        if onlyNetwork { try await runChain(); return }
        _ = try SigningBenchmark.run(rounds: quick ? 100 : 400, iterations: 1_000)
        if !skipFile {
            print("")
            _ = try FileDigestBenchmark.run(megabytes: fileMb ?? (quick ? 64 : 1024), rounds: 3)
        }
        print("")
        try ConditionsBenchmark.run(batches: quick ? 50 : 200, batchSize: 1_000)
        print("")
        try await ChainBenchmark.middlewareOverhead(batches: quick ? 50 : 200, batchSize: 1_000)
        if !skipNetwork {
            print("")
            try await runChain()
            print("")
            try await runVerification()
            print("")
            try await runServerLoad()
        }
    }

    private func runChain() async throws {
        try await ChainBenchmark.signedGetThroughput(requests: 1_000, concurrency: 8, rounds: quick ? 6 : 36)
    }

    private func runVerification() async throws {
        if sideBySide, let wrk {
            try await SideBySideBenchmark.run(wrk: WrkLoad(executable: wrk, seconds: quick ? 1 : 2), connections: connections,
                                              rounds: quick ? 3 : 10)
            return
        }
        try await VerificationBenchmark.run(requests: quick ? 1_000 : 4_000, concurrency: connections, rounds: quick ? 3 : 15,
                                            wrk: wrk.map { WrkLoad(executable: $0, seconds: quick ? 1 : 2) })
    }

    private func runServerLoad() async throws {
        var options = ServerLoadSuite.Options()
        options.seconds = loadSeconds ?? (quick ? 8 : 20)
        options.clients = loadClients ?? options.clients
        options.pgbenchScale = pgbenchScale ?? options.clients
        options.poolSize = postgresPool
        try await ServerLoadSuite.run(options)
    }
}
