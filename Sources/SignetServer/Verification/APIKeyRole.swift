/// Which routes an API key may call: `client` keys `/{tenant}/client/…`, `admin` keys `/{tenant}/admin/…`.
enum APIKeyRole: String, Sendable {
    /// A key for player-facing calls.
    case client
    /// A key for back-office calls (posting external events).
    case admin
}
