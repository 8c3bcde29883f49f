import Foundation

/// A request framed as RFC 9112 forbids (or past a server's limits), as raw bytes, and what a guarded
/// server must answer: `status` as the last of `answers` responses, with `Connection: close`, and then close.
/// The same table runs against the reference server and a bare guarded Hummingbird app.
public struct MalformedRequest: Sendable, CustomStringConvertible {
    /// What is wrong, in words.
    public let description: String
    /// The bytes the client sends, all at once.
    public let bytes: [UInt8]
    /// The status of the last answer.
    public let status: Int
    /// How many answers arrive in all (more than one when good requests precede the bad one).
    public let answers: Int
    /// Whether the fault lies in the connection's first request head (not in a body or a later request).
    public let faultInFirstHead: Bool

    public init(_ description: String, status: Int, answers: Int = 1, faultInFirstHead: Bool = true, _ text: String) {
        self.description = description
        self.bytes = Array(text.utf8)
        self.status = status
        self.answers = answers
        self.faultInFirstHead = faultInFirstHead
    }

    /// A head whose one header line is `size` bytes long.
    public static func headerLine(ofSize size: Int, path: String) -> MalformedRequest {
        MalformedRequest("a \(size / 1024) KiB header line", status: 431,
                         "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: size))\r\n\r\n")
    }

    /// Every row, with `get` a path the server answers to a plain GET and `post` one that reads a body.
    public static func all(get: String, post: String) -> [MalformedRequest] {
        let good = "GET \(get) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let bothFramings = "POST \(post) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
        return [
            MalformedRequest("both Content-Length and Transfer-Encoding", status: 400, bothFramings),
            headerLine(ofSize: 200 * 1024, path: get),
            MalformedRequest("a chunk size that is not hex", status: 400, faultInFirstHead: false,
                             "POST \(post) HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n"),
            MalformedRequest("two Content-Lengths that disagree", status: 400,
                             "POST \(post) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!"),
            MalformedRequest("a request line that is not HTTP", status: 400, "HELLO THERE\r\n\r\n"),
            MalformedRequest("a header line with no colon", status: 400, "GET \(get) HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n"),
            MalformedRequest("a good request, then both framings", status: 400, answers: 2, faultInFirstHead: false,
                             good + bothFramings),
        ]
    }
}
