import ExampleSupport
import Foundation
import Signet
import SignetTestSupport
import Testing

/// Every networked command family against a server that redirects everything to another origin. The
/// `signet` command once built its own AsyncHTTPClient with the default configuration, which follows
/// redirects: `signet player` sent the signed `Date`, `Content-MD5` and path to the other host, got its 404,
/// and then said "Signet does not follow redirects". Here the other origin is a second listener on
/// 127.0.0.2 (another address, so another origin even on the same port), and it must see no connection at all.
@Suite("Commands refuse redirects")
struct RedirectCommandTests {
    /// A command line, with what it needs besides the base URL.
    struct Family: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        var testDescription: String { "signet " + arguments.joined(separator: " ") }
    }

    static let families: [Family] = [
        Family(arguments: ["player"]),
        Family(arguments: ["event", "Magic", "--idempotency-key", "k-1"]),
        Family(arguments: ["avatar"]),
        Family(arguments: ["demo"]),
        Family(arguments: ["conditions", "list"]),
        Family(arguments: ["worlds"]),
        Family(arguments: ["puzzle", "new"]),
        Family(arguments: ["trivia", "play", "--auto", "first"]),
        Family(arguments: ["doctor"]),
    ]

    /// A server on 127.0.0.1 that answers everything with a 302 to `/steal` on a second listener on
    /// 127.0.0.2, which answers 404 (a command that followed would read it).
    final class RedirectPair: Sendable {
        let elsewhere: HostileSocketServer
        let redirecting: HostileSocketServer
        let location: String

        init() throws {
            elsewhere = try HostileSocketServer(host: "127.0.0.2") { connection in
                _ = connection.readHead()
                connection.send(Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            }
            let location = "http://127.0.0.2:\(elsewhere.port)/steal"
            self.location = location
            redirecting = try HostileSocketServer { connection in
                guard connection.readHead() != nil else { return }
                connection.send(Array("HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            }
        }

        deinit {
            redirecting.stop()
            elsewhere.stop()
        }
    }

    @Test("a 302 to another origin: nothing reaches it, the error names the Location, exit status 1", arguments: families)
    func redirectRefused(family: Family) async throws {
        let pair = try RedirectPair()
        let (redirecting, elsewhere, location) = (pair.redirecting, pair.elsewhere, pair.location)
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("signet-redirect-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = [
            "SIGNET_BASE_URL": try redirecting.baseURL.absoluteString, "SIGNET_DATA_DIR": data.path,
            "SIGNET_CLIENT_KEY": "k", "SIGNET_CLIENT_SECRET": "client-secret",
            "SIGNET_ADMIN_KEY": "a", "SIGNET_ADMIN_SECRET": "admin-secret", "SIGNET_PASSWORD": "pw",
        ]
        let output = try await SignetProcess.run(family.arguments, environment: environment, timeout: .seconds(60))
        #expect(output.status == 1, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        // `doctor` reports on stdout (its findings are its output); every other command explains on stderr.
        let explanation = family.arguments == ["doctor"] ? output.stdout : output.stderr
        #expect(explanation.contains(location), "the error names the Location: \(explanation)")
        #expect(redirecting.connectionsAccepted >= 1, "the command reached the redirecting server")
        #expect(elsewhere.connectionsAccepted == 0, "the other origin must receive nothing")
    }

    @Test("the examples (post-magic, post-rainbow) against the same server: redirected, nothing reaches the other origin")
    func examplesRefuse() async throws {
        let pair = try RedirectPair()
        let example = try await ExampleGameSystem.connect(environment: [
            "SIGNET_BASE_URL": try pair.redirecting.baseURL.absoluteString,
            "SIGNET_CLIENT_KEY": "k", "SIGNET_CLIENT_SECRET": "client-secret",
            "SIGNET_ADMIN_KEY": "a", "SIGNET_ADMIN_SECRET": "admin-secret",
        ])
        do {
            try await example.post("Magic")
            Issue.record("a redirect was taken for an answer")
        } catch let error as SignetError {
            guard case .redirected(_, let location) = error.kind else {
                Issue.record("expected redirected, got \(error)")
                return
            }
            #expect(location == pair.location)
        }
        #expect(pair.redirecting.connectionsAccepted == 1)
        #expect(pair.elsewhere.connectionsAccepted == 0, "the other origin must receive nothing")
    }
}
