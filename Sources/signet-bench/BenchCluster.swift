import Foundation

/// The PostgreSQL cluster the server-load benchmark measures on: the database `SIGNET_POSTGRES_URL` names,
/// or a throw-away cluster started with the repository's `.ci/postgres.sh` (PostgreSQL's durable defaults:
/// fsync and synchronous_commit on), stopped at the end. PostgreSQL's own tools (`psql`, `pgbench`) come from
/// the newest `/usr/lib/postgresql/*/bin`, else the `PATH`.
final class BenchCluster {
    let url: String
    private let host: String
    private let port: Int
    private let user: String
    private let database: String
    private let password: String?
    /// The directory of the cluster this benchmark started and the script that started it, if it did.
    private let startedIn: (directory: URL, script: URL)?
    /// Where `psql` and `pgbench` are.
    private let bin: URL

    private init(url: String, startedIn: (directory: URL, script: URL)?, bin: URL) throws {
        guard let components = URLComponents(string: url), let host = components.host, let user = components.user else {
            throw BenchFailure("SIGNET_POSTGRES_URL is not a postgres://user@host:port/database URL")
        }
        self.url = url
        self.host = host
        self.port = components.port ?? 5432
        self.user = user
        self.database = String(components.path.drop { $0 == "/" })
        self.password = components.password?.removingPercentEncoding
        self.startedIn = startedIn
        self.bin = bin
    }

    /// The cluster `given` names, or one started in a temporary directory with `script`; `nil` (with the
    /// reason printed) when there is neither.
    static func open(given: String?, script: URL = URL(fileURLWithPath: ".ci/postgres.sh")) throws -> BenchCluster? {
        guard let bin = tools() else {
            print("PostgreSQL: skipped (no psql and pgbench under /usr/lib/postgresql/*/bin or on the PATH)")
            return nil
        }
        if let given { return try BenchCluster(url: given, startedIn: nil, bin: bin) }
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            print("PostgreSQL: skipped (set SIGNET_POSTGRES_URL, or run from the repository so that .ci/postgres.sh starts one)")
            return nil
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("signet-bench-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        let output = try run(script, ["start", directory.path])
        guard let url = output.split(separator: "\n").last.map(String.init), url.hasPrefix("postgres://") else {
            throw BenchFailure("\(script.path) start printed no URL: \(output.suffix(500))")
        }
        print("PostgreSQL: started a throw-away cluster in \(directory.path) with \(script.path)")
        return try BenchCluster(url: url, startedIn: (directory, script), bin: bin)
    }

    /// Stops the cluster this benchmark started (a given one is left running).
    func close() {
        guard let (directory, script) = startedIn else { return }
        _ = try? Self.run(script, ["stop", directory.path])
        try? FileManager.default.removeItem(at: directory)
    }

    /// The value of a setting (`SHOW name`).
    func setting(_ name: String) throws -> String {
        try psql("SHOW \(name)").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `sql` with `psql` and answers its unaligned output.
    func psql(_ sql: String) throws -> String {
        try Self.run(bin.appendingPathComponent("psql"), connection + ["-X", "-At", "-v", "ON_ERROR_STOP=1", "-c", sql],
                     environment: environment)
    }

    /// Runs `pgbench` with `arguments` on the database and answers its output (stdout and stderr).
    @discardableResult
    func pgbench(_ arguments: [String]) throws -> String {
        try Self.run(bin.appendingPathComponent("pgbench"), connection + arguments, environment: environment)
    }

    private var connection: [String] { ["-h", host, "-p", String(port), "-U", user, "-d", database] }
    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if let password { environment["PGPASSWORD"] = password }
        return environment
    }

    /// CPU time (user + system) of the whole cluster so far, in seconds: the postmaster, its live children
    /// (backends, WAL writer, checkpointer…) and the children it has reaped (backends whose client left).
    /// `nil` when its processes cannot be read (another machine, another user's cluster).
    func cpuSeconds() -> Double? {
        guard let directory = try? setting("data_directory"),
              let pidFile = try? String(contentsOfFile: directory + "/postmaster.pid", encoding: .utf8),
              let postmaster = pidFile.split(separator: "\n").first.flatMap({ Int32($0) }),
              let own = Self.stat(postmaster) else { return nil }
        var total = own.user + own.system + own.childrenUser + own.childrenSystem
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry), let stat = Self.stat(pid), stat.parent == postmaster else { continue }
            total += stat.user + stat.system
        }
        return total
    }

    /// Fields of `/proc/PID/stat`, in seconds.
    private static func stat(_ pid: Int32) -> (parent: Int32, user: Double, system: Double, childrenUser: Double, childrenSystem: Double)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.range(of: ") ", options: .backwards) else { return nil }
        // After the command name: state is field 3, the parent 4, utime 14, stime 15, cutime 16, cstime 17.
        let fields = text[close.upperBound...].split(separator: " ")
        let tick = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard fields.count > 14, let parent = Int32(fields[1]), let user = Double(fields[11]), let system = Double(fields[12]),
              let childrenUser = Double(fields[13]), let childrenSystem = Double(fields[14]) else { return nil }
        return (parent, user / tick, system / tick, childrenUser / tick, childrenSystem / tick)
    }

    /// The newest `/usr/lib/postgresql/N/bin` with `psql` and `pgbench`, else the `PATH`'s.
    private static func tools() -> URL? {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
        for version in versions.reversed() {
            let bin = URL(fileURLWithPath: "\(root)/\(version)/bin")
            if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("pgbench").path) { return bin }
        }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let bin = URL(fileURLWithPath: String(directory))
            if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("pgbench").path),
               FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("psql").path) { return bin }
        }
        return nil
    }

    /// Runs `executable` and answers its stdout and stderr; throws when it exits with a failure. The output
    /// goes to a temporary file, not a pipe: `.ci/postgres.sh start` leaves a postmaster running that would
    /// hold a pipe's write end open. Started with `posix_spawn` and reaped with `waitpid`, as the tests'
    /// restart helper does: Foundation's `Process` does not always see that script exit here.
    @discardableResult
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("signet-bench-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        // Every signal unblocked and at its default: this thread's mask would be inherited, and pgbench -T
        // ends on SIGALRM, which a blocked mask would keep from it for ever.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw BenchFailure("\(executable.lastPathComponent) could not be started (error \(spawned))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        // Exited normally with 0: the low 7 bits (the signal) and the exit code both zero.
        guard status == 0 else {
            throw BenchFailure("\(executable.lastPathComponent) \(arguments.first ?? "") failed (wait status \(status)): \(text.suffix(1_000))")
        }
        return text
    }
}
