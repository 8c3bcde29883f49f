// signet-server: runs the Signet reference server until SIGINT or SIGTERM.
import Foundation
import SignetGameSystem
import SignetServer

let usage = """
    usage: signet-server [--host HOST] [--port PORT] [--seed N] [--no-angle] [--players N] [--no-explain]
                         [--separator escaped|newline] [--postgres URL] [--postgres-pool N] [--postgres-pool-wait MS]
                         [--replay-capacity N] [--replay-quota N]
                         [--idempotency-capacity N] [--idempotency-quota N] [--idempotency-lifetime SECONDS] [--metrics]
                         [--head-timeout SECONDS] [--idle-timeout SECONDS] [--body-timeout SECONDS]

    Runs the Signet reference server until SIGINT or SIGTERM: GameSystem (/{tenant}/client|admin/…),
    Lords & Knights worlds (POST /XYRALITY/WebObjects/BKLoginServer.woa/wa/worlds), word-search puzzles
    (GET /capabilities, POST /puzzle), Rollout conditions (GET /conditions[/ID]), trivia (GET /trivia/jokers,
    WebSocket /trivia/play) and the diagnostic /echo routes.
      --host HOST   address to bind (default 127.0.0.1)
      --port PORT   port to bind, 0 for any free port (default 8080)
      --seed N      seed for generated puzzles and trivia questions (default 20261121)
      --no-angle    leave Angle (diagonal words) out of /capabilities
      --players N   seed GameSystem players player-1 … player-N beside ann (default 0)
      --no-explain  refuse bad signatures without a diagnosis (explained by default: a development peer)
      --separator S how the signed parts are joined: escaped (backslash-n, default) or newline
      --postgres URL  keep all GameSystem state (players, points, achievements, avatars, replays,
                    idempotency records) in PostgreSQL, e.g. postgres://user@127.0.0.1:5432/signet, so that
                    any number of servers on that database behave as one (else SIGNET_POSTGRES_URL; else
                    in memory)
      --postgres-pool N         the most PostgreSQL connections this server keeps (default 16)
      --postgres-pool-wait MS   how long a request waits for a busy pool's connection before 503 with
                    Retry-After (default 1000)
      --replay-capacity N       the most state-changing requests remembered for replay refusal, each
                    until its Date + the 20 s window; past it, new ones get 503 (default 100000; in memory)
      --replay-quota N          the most of those one API key may hold, so one caller cannot fill the
                    store for everyone (default a quarter of the capacity; in memory)
      --idempotency-capacity N  the most Idempotency-Key records held; past it, new keys get 503
                    (default 100000; in memory)
      --idempotency-quota N     the most of those one API key may hold (default a quarter of the
                    capacity; in memory)
      --idempotency-lifetime SECONDS  how long an Idempotency-Key's first response is kept (default 3600)
      --metrics     answer GET /metrics with the server's metrics in Prometheus's text format
                    (verifications by outcome and cause, replay and idempotency outcomes, store errors)
      --head-timeout SECONDS  how long a request head (request line and headers) may take from its first
                    byte, or a new connection's first head from the connection; past it: 408 and close, so
                    slow-header clients cannot hold connections (default 10; fractions allowed)
      --idle-timeout SECONDS  how long a connection may stay open with no request in flight; behind a load
                    balancer, set it above the balancer's own idle timeout (default 75, above AWS ALB's 60)
      --body-timeout SECONDS  how long a request body may take from the end of its head, plus 1 s for each
                    500 bytes received; past it: 408 (or a close, once an answer is under way), so
                    slow-body clients cannot hold connections (default 20; fractions allowed)
    """

/// Parses the options above; exits with status 64 and the usage text on anything else.
func parseConfiguration(_ arguments: [String]) -> ReferenceServerConfiguration {
    var configuration = ReferenceServerConfiguration(port: 8080)
    configuration.postgresURL = ProcessInfo.processInfo.environment["SIGNET_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    var remaining = arguments[...]
    func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("signet-server: \(message)\n\(usage)\n".utf8))
        exit(64)
    }
    while let argument = remaining.popFirst() {
        switch argument {
        case "--help", "-h", "help":
            print(usage)
            exit(0)
        case "--host":
            guard let value = remaining.popFirst(), !value.isEmpty else { fail("--host needs an address") }
            configuration.host = value
        case "--port":
            guard let value = remaining.popFirst(), let port = Int(value), (0...65_535).contains(port) else {
                fail("--port needs a number from 0 to 65535")
            }
            configuration.port = port
        case "--seed":
            guard let value = remaining.popFirst(), let seed = UInt64(value) else {
                fail("--seed needs a non-negative whole number")
            }
            configuration.seed = seed
            configuration.trivia.seed = seed
        case "--no-angle":
            configuration.puzzlesOfferAngle = false
        case "--players":
            guard let value = remaining.popFirst(), let count = Int(value), (0...1_000_000).contains(count) else {
                fail("--players needs a number from 0 to 1000000")
            }
            configuration.extraPlayers = count
        case "--postgres":
            guard let value = remaining.popFirst(), !value.isEmpty else { fail("--postgres needs a URL") }
            configuration.postgresURL = value
        case "--postgres-pool":
            guard let value = remaining.popFirst(), let count = Int(value), (1...10_000).contains(count) else {
                fail("--postgres-pool needs a number from 1 to 10000")
            }
            configuration.postgresPoolSize = count
        case "--postgres-pool-wait":
            guard let value = remaining.popFirst(), let milliseconds = Int(value), (1...60_000).contains(milliseconds) else {
                fail("--postgres-pool-wait needs a number of milliseconds from 1 to 60000")
            }
            configuration.postgresPoolWait = .milliseconds(milliseconds)
        case "--replay-capacity":
            guard let value = remaining.popFirst(), let count = Int(value), (1...100_000_000).contains(count) else {
                fail("--replay-capacity needs a number from 1 to 100000000")
            }
            configuration.replayCapacity = count
        case "--replay-quota":
            guard let value = remaining.popFirst(), let count = Int(value), (1...100_000_000).contains(count) else {
                fail("--replay-quota needs a number from 1 to 100000000")
            }
            configuration.replayQuotaPerKey = count
        case "--idempotency-quota":
            guard let value = remaining.popFirst(), let count = Int(value), (1...100_000_000).contains(count) else {
                fail("--idempotency-quota needs a number from 1 to 100000000")
            }
            configuration.idempotencyQuotaPerKey = count
        case "--idempotency-capacity":
            guard let value = remaining.popFirst(), let count = Int(value), (1...100_000_000).contains(count) else {
                fail("--idempotency-capacity needs a number from 1 to 100000000")
            }
            configuration.idempotencyCapacity = count
        case "--idempotency-lifetime":
            guard let value = remaining.popFirst(), let seconds = Int(value), (1...31_536_000).contains(seconds) else {
                fail("--idempotency-lifetime needs a number of seconds from 1 to 31536000")
            }
            configuration.idempotencyLifetime = TimeInterval(seconds)
        case "--metrics":
            configuration.exportsMetrics = true
        case "--head-timeout", "--idle-timeout", "--body-timeout":
            guard let value = remaining.popFirst(), let seconds = Double(value), seconds >= 0.001, seconds <= 86_400 else {
                fail("\(argument) needs a number of seconds from 0.001 to 86400")
            }
            if argument == "--head-timeout" {
                configuration.connectionLimits.headTimeout = .milliseconds(Int64((seconds * 1000).rounded()))
            } else if argument == "--body-timeout" {
                configuration.connectionLimits.bodyTimeout = .milliseconds(Int64((seconds * 1000).rounded()))
            } else {
                configuration.connectionLimits.idleTimeout = .milliseconds(Int64((seconds * 1000).rounded()))
            }
        case "--no-explain":
            configuration.explainsFailures = false
        case "--separator":
            guard let value = remaining.popFirst(), let separator = GameSystemSeparator(rawValue: value) else {
                fail("--separator needs 'escaped' or 'newline'")
            }
            configuration.separator = separator
        default:
            fail("unknown argument '\(argument)'")
        }
    }
    return configuration
}

let configuration = parseConfiguration(Array(CommandLine.arguments.dropFirst()))
do {
    let server = try await ReferenceServer.start(configuration)
    // Written straight to the file descriptor (unbuffered), so a script reading the port sees it at once.
    FileHandle.standardOutput.write(Data("""
        signet-server listening on \(server.baseURL.absoluteString) (port \(server.port)), \
        state \(configuration.postgresURL == nil ? "in memory" : "in PostgreSQL")
        demo credentials (public demo values, not secrets):
          tenant        \(DemoCredentials.tenant)
          player        \(DemoCredentials.player)
          client key    \(DemoCredentials.clientKey)   secret \(DemoCredentials.clientSecret)
          admin key     \(DemoCredentials.adminKey)   secret \(DemoCredentials.adminSecret)
          worlds login  \(WorldsDemoAccounts.login)   password \(WorldsDemoAccounts.password)
          trivia users  ann and bob own a joker; anyone else may play
        press Ctrl-C to stop

        """.utf8))
    try await server.run()
} catch {
    FileHandle.standardError.write(Data("signet-server: \(error)\n".utf8))
    exit(1)
}
