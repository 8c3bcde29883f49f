import SignetTrivia
/// How long a ``TriviaConnection`` waits for a server before it gives up, so that a server that goes
/// silent, never closes, or never ends its game cannot hold a client forever.
///
/// ```swift
/// // A server whose lobby waits up to five minutes for players: allow that, keep the rest.
/// var limits = TriviaConnectionLimits.standard
/// limits.lobbyTimeout = .seconds(330)
/// let game = try await TriviaConnection.open(baseURL: url, user: "ann", limits: limits)
/// ```
public struct TriviaConnectionLimits: Sendable, Equatable {
    /// The longest the server may send no message once the game is under way: from its last message,
    /// and while a question is open from the question's local deadline, since the server owes its
    /// `result` only then. Exceeded, the connection ends with
    /// `TriviaConnectionError/serverSilent(phase:waited:limit:)` (phase `.question` or `.review`).
    /// Pings and pongs do not count: a server whose WebSocket stack answers pings but whose game has
    /// stalled is silent. 30 s by default (the reference server's longest gap in a game is 15 s).
    public var idleTimeout: Duration
    /// The longest the server may send no message before the first question (phase `.lobby`): a lobby
    /// legitimately waits for players. 60 s by default (the reference server starts within 10 s).
    public var lobbyTimeout: Duration
    /// The longest the server may take to answer the WebSocket upgrade; exceeded, `TriviaConnection.open`
    /// throws `TriviaConnectionError/serverSilent(phase:waited:limit:)` with phase `.opening`.
    /// 30 s by default.
    public var openTimeout: Duration
    /// How often this side pings the server (swift-websocket's auto-ping); a ping not answered within
    /// one interval closes the socket as lost. 10 s by default.
    public var pingInterval: Duration
    /// How long this side waits for the server's close frame after it closes the socket itself (after
    /// `finish`, or ``TriviaConnection/close()``) before it drops the connection. 2 s by default.
    public var closeTimeout: Duration
    /// The most `question` messages a game may send without `finish`; one more ends the connection with
    /// `TriviaConnectionError/gameTooLong(_:)`. 1 000 by default (the reference server asks 5).
    public var maximumQuestions: Int
    /// The longest a game may last, from the upgrade to `finish`; longer ends the connection with
    /// `TriviaConnectionError/gameTooLong(_:)`. One hour by default.
    public var maximumGameDuration: Duration

    /// The largest duration any limit takes: longer ones are cut to it (so deadlines cannot overflow).
    public static let durationCeiling = Duration.seconds(366 * 86_400)
    /// The smallest duration any limit takes.
    public static let durationFloor = Duration.milliseconds(1)

    /// Limits with the given bounds; durations are kept within ``durationFloor``…``durationCeiling`` and
    /// `maximumQuestions` is at least 1.
    public init(
        idleTimeout: Duration = .seconds(30), lobbyTimeout: Duration = .seconds(60), openTimeout: Duration = .seconds(30),
        pingInterval: Duration = .seconds(10), closeTimeout: Duration = .seconds(2), maximumQuestions: Int = 1_000,
        maximumGameDuration: Duration = .seconds(3_600)
    ) {
        self.idleTimeout = Self.clamped(idleTimeout)
        self.lobbyTimeout = Self.clamped(lobbyTimeout)
        self.openTimeout = Self.clamped(openTimeout)
        self.pingInterval = Self.clamped(pingInterval)
        self.closeTimeout = Self.clamped(closeTimeout)
        self.maximumQuestions = max(1, maximumQuestions)
        self.maximumGameDuration = Self.clamped(maximumGameDuration)
    }

    /// 30 s of silence in a game, 60 s in the lobby, 30 s for the upgrade, a ping every 10 s, 2 s for a
    /// close frame, 1 000 questions, one hour a game.
    public static let standard = TriviaConnectionLimits()

    /// The limits as they take effect: every duration within floor and ceiling (a caller may have set a
    /// property directly).
    var effective: TriviaConnectionLimits {
        TriviaConnectionLimits(
            idleTimeout: idleTimeout, lobbyTimeout: lobbyTimeout, openTimeout: openTimeout, pingInterval: pingInterval,
            closeTimeout: closeTimeout,
            maximumQuestions: maximumQuestions, maximumGameDuration: maximumGameDuration)
    }

    private static func clamped(_ duration: Duration) -> Duration {
        min(max(duration, durationFloor), durationCeiling)
    }
}

extension Duration {
    /// `seconds` (a server-derived, possibly huge or non-finite number) as a duration from zero to `cap`:
    /// negative and NaN give zero, anything above `cap` (infinity included) gives `cap`.
    static func clamped(seconds: Double, atMost cap: Duration) -> Duration {
        guard seconds > 0 else { return .zero }
        let capSeconds = cap.timeInterval
        guard seconds < capSeconds else { return cap }
        return .milliseconds(Int64((seconds * 1_000).rounded(.up)))
    }

    /// The duration in seconds with millisecond precision, for messages: `1.5 s`.
    var secondsDescription: String {
        let milliseconds = components.seconds * 1_000 + components.attoseconds / 1_000_000_000_000_000
        let whole = milliseconds / 1_000, fraction = milliseconds % 1_000
        guard fraction != 0 else { return "\(whole) s" }
        let digits = String(fraction + 1_000).dropFirst().reversed().drop { $0 == "0" }.reversed()
        return "\(whole).\(String(digits)) s"
    }
}
