import Foundation
import Testing

/// The slow and malformed clients a guarded HTTP/1 server must cut off, each against a server on
/// 127.0.0.1:`port` with the given bounds, recording an issue when the server does not. Shared by the
/// reference server's tests and the bare Hummingbird app's, which must behave alike.
///
/// A close is expected no earlier than its bound (less 50 ms of clock granularity between client and
/// server) and within a hang guard of 8 s past it: a loaded machine fires timers late, and without the
/// guard the connection would never close at all.
public enum SlowClientScenarios {
    /// How long past a bound a close may come before the test calls it a hang.
    public static let hangGuard = Duration.seconds(8)
    /// How long a request that must be served may take while the whole test suite runs: about 800 tests start
    /// at once on two cores, and in CI's first run trivial suites finished 24 s in, so an answer can wait
    /// seconds for a thread of the cooperative pool. It tells "never served" (a hang) from "served late",
    /// not a speed; the speed is measured by `signet-bench`.
    public static let servedUnderSuiteLoad = Duration.seconds(30)
    static let granularity = Duration.milliseconds(50)

    /// Sends `row` and expects its answers, `Connection: close` and a close.
    public static func malformed(_ row: MalformedRequest, port: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let socket = try RawClientSocket(port: port)
        defer { socket.close() }
        // Large rows are written while the answer is read: the server stops reading at its limit. The answer
        // comes at once, bound by nothing, so the wait is a served request's (`servedUnderSuiteLoad`): with
        // `hangGuard` (8 s, meant for a close past a bound) a row was seen unanswered at the suite's busy start.
        async let sent = socket.sendInBackground(row.bytes)
        let read = await socket.readUntilClosed(within: servedUnderSuiteLoad)
        _ = await sent
        #expect(read.closed, "\(row): the connection was left open", sourceLocation: sourceLocation)
        #expect(read.responseCount == row.answers, "\(row): answers: \(read.text.prefix(400))", sourceLocation: sourceLocation)
        let last = read.text.components(separatedBy: "HTTP/1.1 ").last ?? ""
        #expect(last.hasPrefix("\(row.status) "), "\(row): last answer: \(last.prefix(200))", sourceLocation: sourceLocation)
        #expect(last.lowercased().contains("connection: close\r\n"), "\(row): no Connection: close", sourceLocation: sourceLocation)
        #expect(last.lowercased().contains("\r\ndate: "), "\(row): no Date", sourceLocation: sourceLocation)
    }

    /// A request line and one header, then nothing: `408` and a close at the head bound.
    public static func stalledHead(port: Int, path: String, headTimeout: Duration,
                                   sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let socket = try RawClientSocket(port: port)
        defer { socket.close() }
        socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let read = await socket.readUntilClosed(within: headTimeout + hangGuard)
        expectClosed(read, after: headTimeout, status: 408, sourceLocation: sourceLocation)
    }

    /// A connection that sends nothing at all: closed without a word at the head bound.
    public static func silentConnection(port: Int, headTimeout: Duration,
                                        sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let socket = try RawClientSocket(port: port)
        defer { socket.close() }
        let read = await socket.readUntilClosed(within: headTimeout + hangGuard)
        expectClosed(read, after: headTimeout, status: nil, sourceLocation: sourceLocation)
    }

    /// One header byte every 100 ms, for longer than the head bound: the head deadline holds however
    /// often bytes arrive, so the drip is cut off (`408`) at the head bound, while it is still dripping.
    public static func drippedHead(port: Int, path: String, headTimeout: Duration,
                                   sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let socket = try RawClientSocket(port: port)
        defer { socket.close() }
        socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Drip: ")
        let read = await drip("a", on: socket, within: headTimeout + hangGuard)
        expectClosed(read, after: headTimeout, status: 408, sourceLocation: sourceLocation)
    }

    /// A POST whose head arrives whole, then its body a byte every 100 ms, slower than `minimumBodyRate`: the
    /// route reading it is cut off with `408` and a close at the body bound (a few milliseconds later, for the
    /// bytes that did arrive), while the body is still dripping.
    public static func drippedBody(port: Int, path: String, bodyTimeout: Duration,
                                   sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let socket = try RawClientSocket(port: port)
        defer { socket.close() }
        socket.send("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
        let read = await drip(" ", on: socket, within: bodyTimeout + hangGuard)
        expectClosed(read, after: bodyTimeout, status: 408, sourceLocation: sourceLocation)
    }

    /// Sends `byte` on `socket` every 100 ms while reading what the server answers, until it closes or `bound`
    /// passes; what was read.
    static func drip(_ byte: String, on socket: RawClientSocket, within bound: Duration) async -> RawRead {
        let drip = Task {
            let end = ContinuousClock.now + bound
            while ContinuousClock.now < end, !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(100))
                socket.send(byte)
            }
        }
        let read = await socket.readUntilClosed(within: bound)
        drip.cancel()
        return read
    }

    /// A POST that asks for `100 Continue` and waits for it before sending its body, as curl does for a large
    /// upload (for a second) and some clients for as long as they allow: the interim answer comes at once,
    /// and the final one after the body; `status` is that final answer's.
    public static func expectContinue(port: Int, path: String, status: Int,
                                      sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let socket = try RawClientSocket(port: port)
        defer { socket.close() }
        socket.send("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                    + "Expect: 100-continue\r\nConnection: close\r\n\r\n")
        let interim = await socket.readHead(within: .seconds(3))
        #expect(interim.status == 100, "no 100 Continue: \(interim.text.prefix(200))", sourceLocation: sourceLocation)
        socket.send("{}")
        let final = await socket.readUntilClosed(within: servedUnderSuiteLoad)
        let text = interim.text + final.text
        let last = text.components(separatedBy: "HTTP/1.1 ").last ?? ""
        #expect(last.hasPrefix("\(status) "), "final answer: \(text.prefix(400))", sourceLocation: sourceLocation)
    }

    /// A whole GET, answered, then nothing: closed without another word at the idle bound, which is
    /// longer than the head bound (so the head bound did not close it).
    public static func idleAfterResponse(port: Int, path: String, idleTimeout: Duration,
                                         sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let socket = try RawClientSocket(port: port)
        defer { socket.close() }
        socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let read = await socket.readUntilClosed(within: idleTimeout + hangGuard)
        expectClosed(read, after: idleTimeout, status: 200, sourceLocation: sourceLocation)
        #expect(read.responseCount == 1, "answers: \(read.text.prefix(400))", sourceLocation: sourceLocation)
    }

    /// A plain GET on a new connection, answered within `bound`: the status (nil when none came).
    public static func plainGet(port: Int, path: String, within bound: Duration) async throws -> Int? {
        let socket = try RawClientSocket(port: port)
        defer { socket.close() }
        socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return await socket.readHead(within: bound).status
    }

    static func expectClosed(_ read: RawRead, after bound: Duration, status: Int?, sourceLocation: SourceLocation) {
        #expect(read.closed, "still open \(read.elapsed) after the bound of \(bound)", sourceLocation: sourceLocation)
        #expect(read.elapsed >= bound - granularity, "closed after \(read.elapsed), before the bound of \(bound)",
                sourceLocation: sourceLocation)
        #expect(read.status == status, "answered: \(read.text.prefix(300))", sourceLocation: sourceLocation)
        if status == 408 {
            #expect(read.text.lowercased().contains("connection: close\r\n"), sourceLocation: sourceLocation)
        }
    }
}
