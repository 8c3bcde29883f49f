import Foundation
import Logging
import SignetGameSystem
import SignetHummingbird
import SignetTrivia

/// How a ``ReferenceServer`` listens and behaves: address, signature window, clock, faults, logger,
/// connection deadlines.
public struct ReferenceServerConfiguration: Sendable {
    /// The address to bind (`127.0.0.1` by default: the server is for tests, demos and local tools).
    public var host: String
    /// The port to bind; `0` picks a free ephemeral port (read it back from ``ReferenceServer/port``).
    public var port: Int
    /// The largest accepted |server time − request `Date`|, in seconds (20 by default).
    public var window: TimeInterval
    /// The server's clock: used to verify `Date` headers, to stamp every response's HTTP `Date` header and
    /// the times in GameSystem answers. Inject one to simulate a server whose clock differs from the client's.
    public var clock: @Sendable () -> Date
    /// The fault plan to use; `nil` gives the server a fresh, empty one (``ReferenceServer/faults``).
    public var faults: FaultPlan?
    /// The largest request body a signed route collects (1 MiB by default); larger bodies get 413.
    public var maxBodyBytes: Int
    /// The logger for the server and its requests.
    public var logger: Logger
    /// How long a connection may take over a request head (10 s) and a body (20 s, and 1 s per 500 bytes) and
    /// stay idle between requests (75 s) before it is closed; `signet-server --head-timeout SECONDS
    /// --idle-timeout SECONDS --body-timeout SECONDS` (docs/server.md).
    public var connectionLimits = ConnectionLimits()
    /// The most state-changing requests remembered for replay refusal (100,000); past it, new ones get 503.
    public var replayCapacity: Int = 100_000
    /// The most of them one API key may hold (`nil`: a quarter of ``replayCapacity``); past it, that key's
    /// new ones get 503 and other keys go on.
    public var replayQuotaPerKey: Int?
    /// How long an `Idempotency-Key`'s first response is kept, in seconds (one hour).
    public var idempotencyLifetime: TimeInterval = 3_600
    /// The most `Idempotency-Key` records held (100,000); past it, requests with a new key get 503.
    public var idempotencyCapacity: Int = 100_000
    /// The most of them one API key may hold (`nil`: a quarter of ``idempotencyCapacity``); past it, that key's
    /// requests with a new key get 503 and other keys go on.
    public var idempotencyQuotaPerKey: Int?
    /// A PostgreSQL URL (`postgres://user@host:port/db`): when set, **all** GameSystem state (players, points,
    /// achievements, avatars, replays, idempotency records) lives there, and any number of servers on the
    /// same database behave as one. `nil` (the default): in memory. `signet-server --postgres URL` or
    /// `SIGNET_POSTGRES_URL`.
    public var postgresURL: String?
    /// The most PostgreSQL connections one server keeps (`--postgres-pool N`; 16 by default). Each request
    /// holds one for a single statement; on the 2-core development machine 16 clients reached 0.59–0.62 of
    /// pgbench's rate with 8, 16 or 32 connections, within the run-to-run noise (docs/benchmarks.md).
    public var postgresPoolSize: Int = 16
    /// How long a request waits for a connection when all ``postgresPoolSize`` are busy before it is answered
    /// 503 with `Retry-After: 1` (`--postgres-pool-wait MS`; 1 s by default), so a full pool sheds load
    /// instead of letting requests queue without end (the measured POST p99 at 16 clients was 42–50 ms: a
    /// second's wait is only reached when the database is saturated or stuck).
    public var postgresPoolWait: Duration = .seconds(1)
    /// Extra GameSystem players `player-1` … `player-N` beside `ann` (0 by default; `--players N`).
    public var extraPlayers: Int = 0
    /// Whether `GET /metrics` answers the server's metrics in Prometheus's text format (verifications by
    /// outcome and cause, replay and idempotency outcomes, store errors; `signet-server --metrics`). Off by
    /// default. The metrics are this server's own (a registry per server, not the process's `MetricsSystem`).
    public var exportsMetrics: Bool = false
    /// Whether a refused signature's 401 carries a `diagnosis` (on: the reference server is a development
    /// peer; `signet-server --no-explain` turns it off).
    public var explainsFailures: Bool = true
    /// How the server joins the signed parts (backslash-n by default; `--separator newline` for servers
    /// that follow the prose literally).
    public var separator: GameSystemSeparator = .escaped
    /// How the signed echo route `/{tenant}/client/echo` verifies: its keys, `Idempotency-Key` store and body
    /// limit (the demo keys, none and 1 GiB by default).
    public var signedEcho = SignedEchoVerification()
    /// Whether `GET /capabilities` offers `Angle` (diagonal words); `false` simulates a server without it.
    public var puzzlesOfferAngle: Bool
    /// Fixes the reference server's random choices (generated puzzles, trivia questions) for repeatable runs.
    public var seed: UInt64
    /// How the trivia game runs: questions, count, timing (tests shorten the timing).
    public var trivia: TriviaGameConfiguration

    /// Creates a configuration; every parameter has the default described on its property.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        window: TimeInterval = 20,
        clock: @escaping @Sendable () -> Date = { Date() },
        faults: FaultPlan? = nil,
        maxBodyBytes: Int = 1024 * 1024,
        logger: Logger = Logger(label: "signet.server"),
        puzzlesOfferAngle: Bool = true,
        seed: UInt64 = 20_261_121,
        trivia: TriviaGameConfiguration? = nil
    ) {
        self.host = host
        self.port = port
        self.window = window
        self.clock = clock
        self.faults = faults
        self.maxBodyBytes = maxBodyBytes
        self.logger = logger
        self.puzzlesOfferAngle = puzzlesOfferAngle
        self.seed = seed
        self.trivia = trivia ?? TriviaGameConfiguration(seed: seed)
    }
}
