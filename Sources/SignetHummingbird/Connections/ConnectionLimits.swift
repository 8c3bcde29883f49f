/// How long an HTTP/1 connection may take over a request's head and may sit idle between requests, for
/// ``GuardedChildChannel`` and `HTTPServerBuilder.http1(guardedBy:configuration:)`.
///
/// ```swift
/// let app = Application(router: router, server: .http1(guardedBy: ConnectionLimits()))
/// ```
///
/// A connection must complete each request head within ``headTimeout`` of its first byte (a new
/// connection: of being accepted), whatever it sends in the meantime, so a client that drips a header a byte
/// at a time is cut off as surely as one that stalls; it then gets `408 Request Timeout` and is closed. A
/// connection with no request in flight is closed after ``idleTimeout``. The time an application takes to
/// answer, and the time a body takes to arrive while the application reads it, are not bounded here.
public struct ConnectionLimits: Sendable, Hashable {
    /// The longest a request head (request line and header fields) may take to arrive: 10 s by default.
    /// A head of a few kilobytes arrives within a round trip or two even on a slow mobile link.
    public var headTimeout: Duration
    /// The longest a connection may stay open with no request in flight: 75 s by default, longer than
    /// the 60 s idle timeout of common load balancers, so that they, not this server, close a shared
    /// connection (a server that closes first races the balancer's next request on it).
    public var idleTimeout: Duration

    /// Creates limits; both durations must be positive (a non-positive one is raised to one millisecond).
    public init(headTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(75)) {
        let least = Duration.milliseconds(1)
        self.headTimeout = max(headTimeout, least)
        self.idleTimeout = max(idleTimeout, least)
    }
}
