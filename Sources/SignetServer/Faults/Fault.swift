/// One injected misbehaviour of the reference server, applied to a request before it is routed
/// (so before signature verification: a faulted request is never recorded as seen).
public enum Fault: Sendable, Hashable {
    /// Answer `status` with `{"error_message": "injected fault: …"}` and, when given, a `Retry-After` value
    /// (delay-seconds such as `"0"`, or an HTTP-date).
    case status(Int, retryAfter: String? = nil)
    /// Wait this long, then handle the request normally.
    case delay(Duration)
    /// Close the connection without answering.
    case dropConnection
    /// Answer `status` with `body` as `text/html` — an error page from a proxy, not the API's JSON.
    case nonJSONBody(status: Int, body: String)

    /// `503 Service Unavailable`, optionally with `Retry-After`.
    public static func serviceUnavailable(retryAfter: String? = nil) -> Fault {
        .status(503, retryAfter: retryAfter)
    }
}
