import Foundation

/// `--server-load`: Magic POSTs and player GETs in memory, then on a durable PostgreSQL cluster measured
/// against pgbench's `tpcb-like` at the same client count on the same cluster, in the same run; prints each
/// figure and the ratios the issue sets (POSTs ≥ 0.6 of pgbench's tps, p99 ≤ 3× pgbench's average latency).
enum ServerLoadSuite {
    struct Options {
        var seconds = 20
        var clients = 16
        /// `pgbench -i -s` (a scale at least the client count keeps tpcb-like's branch rows from contending).
        var pgbenchScale = 16
        /// The server's connection pool, when not its default.
        var poolSize: Int?
    }

    /// pgbench's figures and the cluster's CPU per transaction.
    struct Pgbench {
        let tps: Double
        let latencyMilliseconds: Double
        let clientCPUMicroseconds: Double
        let postgresCPUMicroseconds: Double?
    }

    static func run(_ options: Options) async throws {
        let memoryPosts = try await ServerLoadBenchmark.run(.magicPosts, seconds: options.seconds, concurrency: options.clients)
        print("")
        let memoryGets = try await ServerLoadBenchmark.run(.playerGets, seconds: options.seconds, concurrency: options.clients)
        print("")
        let given = ProcessInfo.processInfo.environment["SIGNET_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
        guard let cluster = try BenchCluster.open(given: given) else { return }
        defer { cluster.close() }
        let durability = try ["fsync", "synchronous_commit", "full_page_writes"].map { "\($0) \(try cluster.setting($0))" }
        let durable = durability.allSatisfy { $0.hasSuffix(" on") }
        print("PostgreSQL \(try cluster.setting("server_version")): \(durability.joined(separator: ", "))"
              + (durable ? "" : " — NOT durable: these figures are not a deployment's"))
        let pgbench = try await runPgbench(on: cluster, options)
        print("")
        var postgresCPU: Double?
        let posts = try await ServerLoadBenchmark.run(
            .magicPosts, seconds: options.seconds, concurrency: options.clients, postgresURL: cluster.url, poolSize: options.poolSize
        ) { load in
            let before = cluster.cpuSeconds()
            try await load()
            if let before, let after = cluster.cpuSeconds() { postgresCPU = after - before }
        }
        print("")
        let gets = try await ServerLoadBenchmark.run(
            .playerGets, seconds: options.seconds, concurrency: options.clients, postgresURL: cluster.url, poolSize: options.poolSize)
        print("")
        print("Magic POSTs on PostgreSQL against pgbench tpcb-like, \(options.clients) clients, same cluster, same run "
              + "(\(durability.joined(separator: ", "))):")
        report("pgbench tpcb-like", "\(fixed(pgbench.tps, 0)) tps", "latency average \(fixed(pgbench.latencyMilliseconds, 2)) ms")
        report("Magic POSTs on PostgreSQL", "\(fixed(posts.rate, 0))/s", "p50 \(fixed(posts.p50, 2)) ms, p99 \(fixed(posts.p99, 2)) ms")
        let ratio = posts.rate / pgbench.tps
        report("Magic POSTs / pgbench tps", fixed(ratio), "target ≥ 0.6 \(ratio >= 0.6 ? "met" : "NOT met")")
        let tail = posts.p99 / pgbench.latencyMilliseconds
        report("POST p99 / pgbench average latency", "\(fixed(tail, 2))×", "target ≤ 3× \(tail <= 3 ? "met" : "NOT met")")
        report("Magic POSTs on PostgreSQL / in memory", fixed(posts.rate / memoryPosts.rate))
        report("player GETs on PostgreSQL / in memory", fixed(gets.rate / memoryGets.rate),
               "\(fixed(gets.rate, 0))/s against \(fixed(memoryGets.rate, 0))/s")
        let postgresPerPost = postgresCPU.map { "\(fixed($0 * 1e6 / max(1, posts.rate * Double(posts.seconds)), 0)) µs" }
        report("CPU per POST: clients / server / PostgreSQL",
               "\(fixed(posts.clientCPUMicroseconds, 0)) µs / \(posts.serverCPUMicroseconds.map { "\(fixed($0, 0)) µs" } ?? "in clients'") / "
               + (postgresPerPost ?? "not readable"))
        report("CPU per tpcb-like transaction: pgbench / PostgreSQL",
               "\(fixed(pgbench.clientCPUMicroseconds, 0)) µs / \(pgbench.postgresCPUMicroseconds.map { "\(fixed($0, 0)) µs" } ?? "not readable")")
    }

    /// `pgbench -i -s scale`, then `tpcb-like` with the same clients for the same seconds; the tables are
    /// dropped afterwards.
    static func runPgbench(on cluster: BenchCluster, _ options: Options) async throws -> Pgbench {
        print("pgbench -b tpcb-like -c \(options.clients) -j 2 -T \(options.seconds), after pgbench -i -s \(options.pgbenchScale)")
        try cluster.pgbench(["-i", "-q", "-s", String(options.pgbenchScale)])
        defer { _ = try? cluster.pgbench(["-i", "-I", "d"]) }
        let clientBefore = childrenCPUSeconds()
        let postgresBefore = cluster.cpuSeconds()
        let output = try cluster.pgbench(["-b", "tpcb-like", "-c", String(options.clients), "-j", "2", "-T", String(options.seconds)])
        let postgresAfter = cluster.cpuSeconds()
        let clientCPU = childrenCPUSeconds() - clientBefore
        guard let tps = number(after: "tps = ", in: output), let latency = number(after: "latency average = ", in: output),
              let transactions = number(after: "number of transactions actually processed: ", in: output), transactions > 0 else {
            throw BenchFailure("pgbench printed no tps or latency: \(output.suffix(1_000))")
        }
        let result = Pgbench(
            tps: tps, latencyMilliseconds: latency, clientCPUMicroseconds: clientCPU * 1e6 / transactions,
            postgresCPUMicroseconds: postgresBefore.flatMap { before in postgresAfter.map { ($0 - before) * 1e6 / transactions } })
        report("pgbench tpcb-like", "\(fixed(tps, 0)) tps", "latency average \(fixed(latency, 2)) ms, \(fixed(transactions, 0)) transactions")
        return result
    }

    /// The number printed right after `prefix` in `text`.
    static func number(after prefix: String, in text: String) -> Double? {
        guard let range = text.range(of: prefix) else { return nil }
        return Double(text[range.upperBound...].prefix { $0.isNumber || $0 == "." })
    }

    /// CPU time of this process's children that have exited and been waited for, in seconds.
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
