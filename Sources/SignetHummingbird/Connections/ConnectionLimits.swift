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
/// connection with no request in flight is closed after ``idleTimeout``. A request's body must arrive within
/// ``bodyTimeout`` of its head, plus a second for each ``minimumBodyRate`` bytes that have arrived (so a
/// large upload keeps going at any rate above that, and a body dripped slower is cut off: 408 when nothing
/// is answered yet, else closed). The bytes are counted as the server reads them, and it reads a large body
/// only as fast as the route takes it in: a route that leaves a large body waiting longer than that is cut off
/// too. The time an application takes to answer is not bounded here.
public struct ConnectionLimits: Sendable, Hashable {
    /// The longest a request head (request line and header fields) may take to arrive: 10 s by default.
    /// A head of a few kilobytes arrives within a round trip or two even on a slow mobile link.
    public var headTimeout: Duration
    /// The longest a connection may stay open with no request in flight: 75 s by default, longer than
    /// the 60 s idle timeout of common load balancers, so that they, not this server, close a shared
    /// connection (a server that closes first races the balancer's next request on it).
    public var idleTimeout: Duration
    /// The time a request body has from the end of its head: 20 s by default, and 1 s more for each
    /// ``minimumBodyRate`` bytes received.
    public var bodyTimeout: Duration
    /// The slowest a body may arrive past ``bodyTimeout``, in bytes a second: 500 by default (a 1 MiB body
    /// may take 35 minutes), as Apache's `mod_reqtimeout` sets it.
    public var minimumBodyRate: Int

    /// Creates limits; the durations must be positive (a non-positive one is raised to one millisecond), and
    /// the rate at least 1 byte a second.
    public init(headTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(75),
                bodyTimeout: Duration = .seconds(20), minimumBodyRate: Int = 500) {
        let least = Duration.milliseconds(1)
        self.headTimeout = max(headTimeout, least)
        self.idleTimeout = max(idleTimeout, least)
        self.bodyTimeout = max(bodyTimeout, least)
        self.minimumBodyRate = max(minimumBodyRate, 1)
    }
}
