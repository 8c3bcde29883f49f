import Foundation
import SignetServer
import Testing

/// `signet playground` signs for its own pages only (issue 27). Its upstream is a reference server in this
/// process on which every request takes an injected zero-length delay, so `faults.appliedCount` counts the
/// requests that reached it: every refused request must leave that count, and the player's points, as they were.
@Suite("signet playground refuses other sites")
struct PlaygroundOriginTests {
    /// The reference server (counting what reaches it) and a playground signing for it with the demo credentials.
    final class Setup {
        let server: ReferenceServer
        let playground: PlaygroundTests.Playground
        let port: Int
        /// `127.0.0.1:PORT`, the Host (and, after `http://`, the Origin) of the playground's own pages.
        let own: String

        init() async throws {
            var configuration = ReferenceServerConfiguration()
            configuration.logger.logLevel = .critical
            server = try await ReferenceServer.start(configuration)
            server.faults.inject(.delay(.zero), count: nil)
            var environment = DoctorAndRefusalCommandTests.demoEnvironment
            environment["SIGNET_BASE_URL"] = server.baseURL.absoluteString
            playground = try await PlaygroundTests.Playground(environment: environment)
            port = Int(playground.url.split(separator: ":").last ?? "") ?? 0
            own = "127.0.0.1:\(port)"
        }

        /// Requests that reached the upstream so far.
        var upstreamRequests: Int { server.faults.appliedCount }

        func send(_ request: String) async throws -> RawHTTPExchange {
            try await RawHTTPExchange.send(request, port: port)
        }

        /// GET `path` as the playground's own page would.
        func get(_ path: String) async throws -> RawHTTPExchange {
            try await send(RawHTTPExchange.request("GET", path, ["Host: \(own)"]))
        }

        /// POST `form` to `path` as the playground's own page does: same-origin Origin, the form token in the form.
        func post(_ path: String, _ form: String, token: String) async throws -> RawHTTPExchange {
            try await send(RawHTTPExchange.request("POST", path, ["Host: \(own)", "Origin: http://\(own)"] + Self.formType,
                                                   body: "csrf=\(token)&" + form))
        }

        static let formType = ["Content-Type: application/x-www-form-urlencoded"]
    }

    /// The form token in a page, from the hidden field of its first post form.
    static func token(in page: String) -> String? {
        guard let match = page.firstMatch(of: /name="csrf" value="([0-9a-f]{64})"/) else { return nil }
        return String(match.1)
    }

    /// The player's points on the GameSystem page.
    static func points(in page: String) -> Int? {
        page.firstMatch(of: /id="points"[^>]*>(\d+)</).flatMap { Int($0.1) }
    }

    /// A WebSocket upgrade of the trivia socket with `lines` (Host, Origin).
    static func upgrade(_ lines: [String]) -> String {
        (["GET /trivia/socket?user=ann HTTP/1.1"] + lines + [
            "Connection: Upgrade", "Upgrade: websocket", "Sec-WebSocket-Version: 13",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        ]).joined(separator: "\r\n") + "\r\n\r\n"
    }

    @Test("cross-site, null, unknown and token-less posts, foreign Hosts and foreign sockets are refused; nothing is signed")
    func refused() async throws {
        let setup = try await Setup()
        let own = setup.own, port = setup.port
        let card = try await setup.get("/gamesystem")
        #expect(card.status == 200, "\(card.body.prefix(300))")
        let token = try #require(Self.token(in: card.body))
        let points = try #require(Self.points(in: card.body))
        let before = setup.upstreamRequests
        let form = Setup.formType, magic = "csrf=\(token)"
        func post(_ lines: [String], _ body: String = magic, path: String = "/gamesystem/magic", method: String = "POST") -> String {
            RawHTTPExchange.request(method, path, lines + form, body: body)
        }
        let cases: [(name: String, request: String, status: Int)] = [
            ("Origin of another site", post(["Host: \(own)", "Origin: http://evil.example"]), 403),
            ("Origin: null", post(["Host: \(own)", "Origin: null"]), 403),
            ("neither Origin nor Sec-Fetch-Site", post(["Host: \(own)"]), 403),
            ("no Origin, Sec-Fetch-Site: cross-site", post(["Host: \(own)", "Sec-Fetch-Site: cross-site"]), 403),
            ("no Origin, Sec-Fetch-Site: same-site", post(["Host: \(own)", "Sec-Fetch-Site: same-site"]), 403),
            ("another port of 127.0.0.1", post(["Host: \(own)", "Origin: http://127.0.0.1:\(port + 1)"]), 403),
            ("localhost posting to 127.0.0.1", post(["Host: \(own)", "Origin: http://localhost:\(port)"]), 403),
            ("https on the same address", post(["Host: \(own)", "Origin: https://\(own)"]), 403),
            ("two Origin headers", post(["Host: \(own)", "Origin: http://\(own)", "Origin: http://evil.example"]), 403),
            ("no form token", post(["Host: \(own)", "Origin: http://\(own)"], ""), 403),
            ("a wrong form token", post(["Host: \(own)", "Origin: http://\(own)"], "csrf=" + String(repeating: "0", count: 64)), 403),
            ("the token in the query only", post(["Host: \(own)", "Origin: http://\(own)"], "", path: "/gamesystem/magic?\(magic)"), 403),
            ("Rainbow from another site", post(["Host: \(own)", "Origin: http://evil.example"], path: "/gamesystem/rainbow"), 403),
            ("an avatar from another site", post(["Host: \(own)", "Origin: http://evil.example"], magic + "&top=102&bottom=100002",
                                                  path: "/gamesystem/avatar"), 403),
            ("a worlds login from another site", post(["Host: \(own)", "Origin: http://evil.example"], magic + "&login=a&password=b",
                                                      path: "/worlds"), 403),
            ("a new puzzle with no Origin", post(["Host: \(own)"], magic + "&width=5", path: "/puzzles"), 403),
            ("PUT from another site", post(["Host: \(own)", "Origin: http://evil.example"], method: "PUT"), 403),
            ("DELETE from another site", post(["Host: \(own)", "Origin: http://evil.example"], method: "DELETE"), 403),
            ("a foreign Host (DNS rebinding)", post(["Host: evil.example", "Origin: http://evil.example"]), 421),
            ("a foreign Host on the playground's port", post(["Host: evil.example:\(port)", "Origin: http://evil.example:\(port)"]), 421),
            ("two Host headers", post(["Host: \(own)", "Host: evil.example", "Origin: http://\(own)"]), 421),
            ("no Host", post(["Origin: http://\(own)"]), 421),
            ("GET with a foreign Host", RawHTTPExchange.request("GET", "/gamesystem", ["Host: evil.example"]), 421),
            ("a static file with a foreign Host", RawHTTPExchange.request("GET", "/static/playground.js", ["Host: evil.example:\(port)"]), 421),
        ]
        for refusal in cases {
            let answer = try await setup.send(refusal.request)
            #expect(answer.status == refusal.status, "\(refusal.name): HTTP \(answer.status) \(answer.body.prefix(400))")
            #expect(answer.body.contains("Refused: "), "\(refusal.name): the page says what was refused")
            #expect(!answer.body.contains(token), "\(refusal.name): a refusal page holds no form token")
            #expect(answer.headers["content-security-policy"]?.contains("form-action 'self'") == true, "\(refusal.name)")
        }
        // A declined upgrade is answered by Hummingbird itself: 400, no body (a browser shows none for a socket).
        let sockets = [
            ("the trivia socket from another site", Self.upgrade(["Host: \(own)", "Origin: http://evil.example"])),
            ("the trivia socket with Origin: null", Self.upgrade(["Host: \(own)", "Origin: null"])),
            ("the trivia socket with no Origin", Self.upgrade(["Host: \(own)"])),
            ("the trivia socket with a foreign Host", Self.upgrade(["Host: evil.example", "Origin: http://evil.example"])),
        ]
        for (name, request) in sockets {
            let answer = try await setup.send(request)
            #expect(answer.status == 400, "\(name): HTTP \(answer.status), not upgraded")
        }
        #expect(setup.upstreamRequests == before, "refused requests reached the upstream")
        let after = try await setup.get("/gamesystem")
        #expect(Self.points(in: after.body) == points, "the points did not change")

        let crossSite = try await setup.send(post(["Host: \(own)", "Origin: http://evil.example"]))
        #expect(crossSite.body.contains("came from \u{201C}http://evil.example\u{201D}, not from the playground"))
        let rebound = try await setup.send(RawHTTPExchange.request("GET", "/", ["Host: evil.example"]))
        #expect(rebound.body.contains("addressed to \u{201C}evil.example\u{201D}"), "\(rebound.body)")
        #expect(rebound.body.contains("127.0.0.1:\(port) or localhost:\(port)"))
        await setup.server.stop()
    }

    @Test("the playground's own pages still post: same origin with the token, from 127.0.0.1 or localhost")
    func ownPages() async throws {
        let setup = try await Setup()
        let own = setup.own
        let card = try await setup.get("/gamesystem")
        let token = try #require(Self.token(in: card.body))
        let points = try #require(Self.points(in: card.body))
        let before = setup.upstreamRequests

        let magic = try await setup.post("/gamesystem/magic", "", token: token)
        #expect(magic.status == 200, "\(magic.body.prefix(400))")
        #expect(magic.body.contains("Magic: "))
        let risen = try #require(Self.points(in: magic.body))
        #expect(risen > points)
        #expect(setup.upstreamRequests > before, "the post was signed and sent")

        let local = "localhost:\(setup.port)"
        let fromLocalhost = try await setup.send(RawHTTPExchange.request(
            "POST", "/gamesystem/magic", ["Host: \(local)", "Origin: http://\(local)"] + Setup.formType, body: "csrf=\(token)"))
        #expect(fromLocalhost.status == 200, "\(fromLocalhost.body.prefix(400))")
        let fetchSite = try await setup.send(RawHTTPExchange.request(
            "POST", "/gamesystem/magic", ["Host: \(own)", "Sec-Fetch-Site: same-origin"] + Setup.formType, body: "csrf=\(token)"))
        #expect(fetchSite.status == 200, "no Origin but Sec-Fetch-Site: same-origin: \(fetchSite.body.prefix(400))")
        #expect(Self.points(in: fetchSite.body).map { $0 > risen } == true)

        let socket = try await setup.send(Self.upgrade(["Host: \(own)", "Origin: http://\(own)"]))
        #expect(socket.status == 101, "the page's own trivia socket opens")

        // A new game through the settings form, then the find form on its grid: both post with the token.
        let created = try await setup.post("/puzzles", "width=8&height=8&words=2&min=3&max=5&capability=horizontal", token: token)
        #expect(created.status == 303, "\(created.body.prefix(400))")
        let play = try #require(created.headers["location"])
        let conditions = try await setup.get("/conditions")
        let condition = String(try #require(conditions.body.firstMatch(of: /href="\/conditions\/test\?id=([^"]+)"/)).1)
        let tested = try await setup.post("/conditions/test", "id=\(condition)&arg1=a&arg2=b", token: token)
        #expect(tested.status == 200 && tested.body.contains("id=\"result\""), "\(tested.body.prefix(400))")

        // Every form on every page that posts carries this process's token.
        for path in ["/gamesystem", "/worlds", "/puzzles/new", "/conditions/test?id=" + condition, play + "&from=0,0"] {
            let page = try await setup.get(path)
            #expect(page.status == 200, "\(path): \(page.body.prefix(300))")
            let forms = page.body.components(separatedBy: "<form method=\"post\"").dropFirst()
            #expect(!forms.isEmpty, "\(path) has a form that posts")
            for form in forms {
                let inside = form.components(separatedBy: "</form>").first ?? ""
                #expect(inside.contains("name=\"csrf\" value=\"\(token)\""), "\(path): a form without the token")
            }
        }

        // The token is the process's own: another playground's token is refused here.
        let other = try await PlaygroundTests.Playground(environment: ["SIGNET_BASE_URL": setup.server.baseURL.absoluteString]
            .merging(DoctorAndRefusalCommandTests.demoEnvironment) { first, _ in first })
        let otherPort = Int(other.url.split(separator: ":").last ?? "") ?? 0
        let otherCard = try await RawHTTPExchange.send(RawHTTPExchange.request("GET", "/worlds", ["Host: 127.0.0.1:\(otherPort)"]),
                                                       port: otherPort)
        let otherToken = try #require(Self.token(in: otherCard.body))
        #expect(otherToken != token, "each playground makes its own token")
        let foreignToken = try await setup.post("/gamesystem/magic", "", token: otherToken)
        #expect(foreignToken.status == 403)
        await setup.server.stop()
    }
}
