/// Why a game connection could not open, or ended before `finish`.
public enum TriviaConnectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server address cannot be turned into a `ws://` or `wss://` URL.
    case invalidAddress(String)
    /// The user name breaks ``TriviaUserName``'s rule; the text names the fault.
    case invalidUser(String)
    /// The server could not be reached, or refused the WebSocket upgrade (e.g. `400` for a bad user).
    case connectFailed(url: String, reason: String)
    /// The socket closed or failed before the server sent `finish`: a dropped connection.
    case connectionLost(reason: String)
    /// This side closed the socket (``TriviaConnection/close()``) before `finish`.
    case closedByClient

    /// The fault in one line.
    public var description: String {
        switch self {
        case .invalidAddress(let reason): "invalid trivia server address: \(reason)"
        case .invalidUser(let reason): "invalid trivia user: \(reason)"
        case .connectFailed(let url, let reason): "cannot open the game socket \(url): \(reason)"
        case .connectionLost(let reason): "the game connection was lost before the end of the game: \(reason)"
        case .closedByClient: "the game connection was closed by this side before the end of the game"
        }
    }
}
