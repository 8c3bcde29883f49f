// signet-bench: measures Signet against baselines taken in the same run and prints the ratios.
// Run it in release: `swift run -c release signet-bench [--quick] [--file-mb N] [--skip-file] [--skip-network]`;
// `--signing-only` only the signing ratio (what `scripts/bench-backends.sh` runs for each crypto backend),
// `--pieces` prints a per-piece breakdown of signing, `--profile-sign` a loop for callgrind,
// `--server-load [--load-seconds N]` only the state-changing load on the reference server (in memory, and on
// PostgreSQL when SIGNET_POSTGRES_URL is set), `--server-side` only the verification middleware's cost,
// `--soak [--seconds N] [--warmup N] [--clients N] [--server PATH]` a long mixed load on a child signet-server
// (exits 1 when anything but the designed answers came back, or its memory grew).
import Foundation
import Logging

// Request logging would measure the terminal, not the client: warnings only, to stderr.
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .warning
    return handler
}

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let skipFile = arguments.contains("--skip-file")
let skipNetwork = arguments.contains("--skip-network")
let onlyNetwork = arguments.contains("--only-network")
var fileMegabytes = quick ? 64 : 1024
if let index = arguments.firstIndex(of: "--file-mb"), arguments.index(after: index) < arguments.endIndex,
   let value = Int(arguments[arguments.index(after: index)]), value > 0 {
    fileMegabytes = value
}

#if DEBUG
print("warning: this is a debug build; measure with `swift run -c release signet-bench`")
#endif

do {
    if arguments.contains("--signing-only") {
        _ = try SigningBenchmark.run(rounds: quick ? 100 : 400, iterations: 1_000)
        exit(0)
    }
    if arguments.contains("--pieces") { try SigningBreakdown.run(); exit(0) }
    if arguments.contains("--profile-sign") { try SigningBreakdown.profileSign(); exit(0) }
    if arguments.contains("--chain-pieces") { try await ChainBreakdown.run(batches: 50, batchSize: 1_000); exit(0) }
    var loadSeconds = quick ? 8 : 20
    if let index = arguments.firstIndex(of: "--load-seconds"), arguments.index(after: index) < arguments.endIndex,
       let value = Int(arguments[arguments.index(after: index)]), value > 0 {
        loadSeconds = value
    }
    let postgresURL = ProcessInfo.processInfo.environment["SIGNET_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    func serverLoad() async throws {
        try await ServerLoadBenchmark.run(seconds: loadSeconds, concurrency: 16)
        print("")
        if let postgresURL {
            try await ServerLoadBenchmark.run(seconds: loadSeconds, concurrency: 16, postgresURL: postgresURL)
        } else {
            print("Magic POSTs on PostgreSQL: skipped (set SIGNET_POSTGRES_URL to a database the benchmark may write to)")
        }
    }
    if arguments.contains("--soak") {
        var options = SoakBenchmark.Options()
        func value(_ flag: String, in range: ClosedRange<Int>) throws -> Int? {
            guard let index = arguments.firstIndex(of: flag) else { return nil }
            guard arguments.index(after: index) < arguments.endIndex,
                  let value = Int(arguments[arguments.index(after: index)]), range.contains(value) else {
                throw BenchFailure("\(flag) needs a number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
        options.seconds = try value("--seconds", in: 1...3_600) ?? (quick ? 10 : options.seconds)
        options.warmupSeconds = try value("--warmup", in: 0...600) ?? (quick ? 5 : options.warmupSeconds)
        options.clients = try value("--clients", in: 1...4_096) ?? options.clients
        if let index = arguments.firstIndex(of: "--server"), arguments.index(after: index) < arguments.endIndex {
            options.server = URL(fileURLWithPath: arguments[arguments.index(after: index)])
        }
        let passed = try await SoakBenchmark.run(options)
        exit(passed ? 0 : 1)
    }
    if arguments.contains("--server-load") {
        try await serverLoad()
        exit(0)
    }
    if arguments.contains("--server-side") {
        try await VerificationBenchmark.run(requests: quick ? 1_000 : 4_000, concurrency: 8, rounds: quick ? 3 : 9)
        exit(0)
    }
    if onlyNetwork {
        try await ChainBenchmark.signedGetThroughput(requests: 1_000, concurrency: 8, rounds: quick ? 6 : 36)
        exit(0)
    }
    _ = try SigningBenchmark.run(rounds: quick ? 100 : 400, iterations: 1_000)
    if !skipFile {
        print("")
        _ = try FileDigestBenchmark.run(megabytes: fileMegabytes, rounds: 3)
    }
    print("")
    try ConditionsBenchmark.run(batches: quick ? 50 : 200, batchSize: 1_000)
    print("")
    try await ChainBenchmark.middlewareOverhead(batches: quick ? 50 : 200, batchSize: 1_000)
    if !skipNetwork {
        print("")
        try await ChainBenchmark.signedGetThroughput(requests: 1_000, concurrency: 8, rounds: quick ? 6 : 36)
        print("")
        try await VerificationBenchmark.run(requests: quick ? 1_000 : 4_000, concurrency: 8, rounds: quick ? 3 : 9)
        print("")
        try await serverLoad()
    }
} catch {
    FileHandle.standardError.write(Data("signet-bench: \(error)\n".utf8))
    exit(1)
}
