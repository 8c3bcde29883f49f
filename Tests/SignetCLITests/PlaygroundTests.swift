import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `signet playground` against the hostile server: whatever text a server sends (nicknames, names, ids,
/// `error_message`) reaches the page HTML-escaped, no page carries a secret, and every page carries the
/// headers that keep scripts to the playground's own. The flows in a real browser are in
/// Tests/Browser/playground_test.py (run by .ci/run).
@Suite("signet playground", .enabled(if: HostileServer.isAvailable, "python3 is not on PATH"))
struct PlaygroundTests {
    /// A running `signet playground --port 0`, killed when the test ends.
    final class Playground {
        let process = Process()
        let url: String
        let data = try? TemporaryDirectory()

        init(environment extra: [String: String]) async throws {
            var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SIGNET_") }
            for (key, value) in extra { environment[key] = value }
            environment["SIGNET_DATA_DIR"] = data?.url.path
            let output = Pipe()
            process.executableURL = try SignetProcess.executable()
            process.arguments = ["playground", "--port", "0"]
            process.environment = environment
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let reader = output.fileHandleForReading
            let line: String = await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    var line = Data()
                    while !line.contains(UInt8(ascii: "\n")) {
                        let chunk = reader.availableData
                        if chunk.isEmpty { break }
                        line.append(chunk)
                    }
                    continuation.resume(returning: String(decoding: line, as: UTF8.self))
                }
            }
            let address = line.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }
            url = address.map { String($0.dropLast()) } ?? ""
            #expect(!url.isEmpty, "the playground printed its address: \(line)")
        }

        deinit {
            // SIGKILL: the test runner's threads block SIGTERM and the child inherits the mask.
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }

        /// GET `path`: the status, the headers and the body.
        func get(_ path: String) async throws -> (status: Int, headers: [String: String], body: String) {
            let url = try #require(URL(string: self.url + path))
            let (data, response) = try await URLSession.shared.data(from: url)
            let http = try #require(response as? HTTPURLResponse)
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                headers[String(describing: name).lowercased()] = String(describing: value)
            }
            return (http.statusCode, headers, String(decoding: data, as: UTF8.self))
        }
    }

    static let nickname = #"<script>alert("nick")</script>"#
    static let achievement = #""><img src=x onerror=alert(1)>"#

    @Test("names from the server are HTML-escaped; no secret is in a page; scripts only from the playground")
    func escaping() async throws {
        let server = try await HostileServer([
            "players": [[
                "id": 1, "nickname": Self.nickname, "point_types": [["name": "points", "amount": 5]],
                "achievements": [["id": "a1", "name": Self.achievement, "description": "it's <b>bold</b> & 'quoted'"]],
                "avatar": ["Top": 101, "Bottom": 100001],
            ]],
            "conditions": [["name": "<b>first</b>", "_id": "c<1>&x"]],
        ])
        let playground = try await Playground(environment: server.environment)
        let card = try await playground.get("/gamesystem")
        #expect(card.status == 200, "\(card.body)")
        #expect(card.body.contains("&lt;script&gt;alert(&quot;nick&quot;)&lt;/script&gt;"))
        #expect(card.body.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(card.body.contains("it&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; &#39;quoted&#39;"))
        #expect(!card.body.contains("<script>alert") && !card.body.contains("<img src=x"))
        #expect(card.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        #expect(card.headers["cache-control"] == "no-store")

        let conditions = try await playground.get("/conditions")
        #expect(conditions.body.contains("&lt;b&gt;first&lt;/b&gt;"))
        #expect(conditions.body.contains("/conditions/test?id=c%3C1%3E%26x"), "ids are percent-encoded in links")

        for page in [card.body, conditions.body, try await playground.get("/").body] {
            for secret in ["client-secret", "admin-secret", "SIGNET_CLIENT_SECRET=", "\"k\"", "\"a\""] {
                #expect(!page.contains(secret), "\(secret) is in a page")
            }
        }
    }

    @Test("a refused request is explained in words, the server's message escaped; an unknown page is a 404 page")
    func refusal() async throws {
        let server = try await HostileServer(["error": ["status": 401, "message": "<script>x</script>\u{1B}[31m"]])
        let playground = try await Playground(environment: server.environment)
        let card = try await playground.get("/gamesystem")
        #expect(card.status == 502)
        #expect(card.body.contains("The signature was refused"))
        #expect(card.body.contains("&lt;script&gt;x&lt;/script&gt;\u{FFFD}[31m"), "\(card.body)")
        #expect(!card.body.contains("<script>x"))

        let missing = try await playground.get("/no/such/page?<b>")
        #expect(missing.status == 404)
        #expect(missing.body.contains("There is no page at /no/such/page."))
        #expect(missing.headers["content-type"] == "text/html; charset=utf-8")
    }
}
