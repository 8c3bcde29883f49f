import Foundation
import HTTPTypes
import Logging
import Signet
import Testing

@Suite("Logging")
struct LoggingTests {
    static let secrets = [
        "Basic dXNlcjpodW50ZXIy", "session=abcdef123456", "proxy-secret-xyz", "set-cookie-secret",
        "api-key-value-42", "the-password-is-hunter2", "bearer-token-999", "client-secret-777",
        "query-token-value", StampingSigner.authorization, "body-password-hunter3",
    ]

    func exchange(level: Logger.Level) async throws -> [String] {
        let lines = EventLog()
        let response = HTTPResponse.make(.ok, [("Set-Cookie", Self.secrets[3]), ("Content-Type", "application/json")])
        let transport = RecordingTransport([.response(response, "{}")])
        let client = makeClient(transport, [SigningMiddleware(signer: StampingSigner()), LoggingMiddleware()],
                                logger: .capturing(lines, level: level))
        let request = HTTPRequest.make(.post, "/login?user=ann&token=\(Self.secrets[8])", [
            ("Authorization", Self.secrets[0]),
            ("Cookie", Self.secrets[1]),
            ("Proxy-Authorization", Self.secrets[2]),
            ("X-Api-Key", Self.secrets[4]),
            ("X-Password", Self.secrets[5]),
            ("X-Auth-Token", Self.secrets[6]),
            ("X-Client-Secret", Self.secrets[7]),
            ("Accept", "application/json"),
        ])
        _ = try await client.send(request, body: Body("password=\(Self.secrets[10])"), operation: "login")
        return lines.all
    }

    @Test("no secret appears anywhere in the captured output, at any level")
    func noSecrets() async throws {
        for level in [Logger.Level.trace, .debug, .info] {
            let output = try await exchange(level: level).joined(separator: "\n")
            #expect(!output.isEmpty)
            for secret in Self.secrets {
                #expect(!output.contains(secret), "secret \(secret) leaked at level \(level)")
            }
        }
    }

    @Test("the line names method, path, status, attempt, duration; headers are shown redacted at debug")
    func content() async throws {
        let output = try await exchange(level: .debug).joined(separator: "\n")
        #expect(output.contains("signet.method=POST"))
        #expect(output.contains("signet.path=/v1/login?user=ann&token=<redacted>"))
        #expect(output.contains("signet.status=200"))
        #expect(output.contains("signet.attempt=1"))
        #expect(output.contains("signet.duration_ms="))
        #expect(output.contains("signet.operation=login"))
        #expect(output.contains("Authorization: <redacted>"))
        #expect(output.contains("Cookie: <redacted>"))
        #expect(output.contains("Set-Cookie: <redacted>"))
        #expect(output.contains("Accept: application/json"))
        #expect(output.contains("signet.request_bytes=\("password=\(Self.secrets[10])".utf8.count)"))
    }

    @Test("at info the line carries no headers")
    func infoHasNoHeaders() async throws {
        let output = try await exchange(level: .info).joined(separator: "\n")
        #expect(output.contains("request finished"))
        #expect(!output.contains("request_headers"))
    }

    @Test("a failure is logged with the error, still without secrets")
    func failure() async throws {
        let lines = EventLog()
        let transport = RecordingTransport([.failure(SignetError(.transport(underlying: URLError(.cannotConnectToHost))))])
        let client = makeClient(transport, [LoggingMiddleware()], logger: .capturing(lines))
        _ = await signetError {
            _ = try await client.send(.make(.get, "/p?password=hunter2", [("Authorization", "KEY:sig")]), operation: "get")
        }
        let output = lines.all.joined(separator: "\n")
        #expect(output.contains("request failed"))
        #expect(output.contains("cannot connect to host"))
        #expect(!output.contains("hunter2"))
        #expect(!output.contains("KEY:sig"))
    }

    @Test("by default signatures, sessions and credentials are secret too, in headers and in query parameters")
    func defaultRedaction() {
        let redaction = HeaderRedaction()
        for name in ["X-Hub-Signature", "x-amz-signature", "sig", "X-Auth-Token", "oauth_verifier", "session_id", "X-Credential"] {
            #expect(redaction.isSecret(name), "\(name)")
        }
        for name in ["Content-Type", "Accept", "x-tenant", "page", "signal"] {
            #expect(!redaction.isSecret(name), "\(name)")
        }
        #expect(redaction.redactPath("/files?X-Amz-Signature=abc123&sig=def&page=2")
                == "/files?X-Amz-Signature=<redacted>&sig=<redacted>&page=2")
    }

    @Test("the redaction list is configurable")
    func customRedaction() {
        let redaction = HeaderRedaction(secretNames: ["x-tenant"], secretNameFragments: [])
        var fields = HTTPFields()
        fields[.authorization] = "shown now"
        if let tenant = HTTPField.Name("X-Tenant") { fields[tenant] = "acme" }
        #expect(redaction.render(fields) == "Authorization: shown now; X-Tenant: <redacted>")
    }

    @Test("the signing middleware warns when a signed request carries a query string")
    func queryWarning() async throws {
        let lines = EventLog()
        let client = makeClient(RecordingTransport(), [SigningMiddleware(signer: StampingSigner())],
                                logger: .capturing(lines))
        _ = try await client.send(.make(.get, "/players/ann?secret=1"), operation: "get")
        _ = try await client.send(.make(.get, "/players/ann"), operation: "get")
        let warnings = lines.all.filter { $0.hasPrefix("warning") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("query string") == true)
        #expect(warnings.first?.contains("signet.path=/v1/players/ann") == true)
        #expect(warnings.first?.contains("secret=1") == false)
    }

    @Test("signing uses the context clock plus the clock offset")
    func signingDate() async throws {
        let transport = RecordingTransport()
        let client = makeClient(transport, [SigningMiddleware(signer: StampingSigner())])
        var context = client.makeContext(operation: "get")
        context.clockOffset = -42.5
        _ = try await client.send(.make(.get, "/p"), context: context)
        #expect(transport.sent.first?.request.header(StampingSigner.dateHeader) == "1699999957.5")
        #expect(transport.sent.first?.request.header("Authorization") == StampingSigner.authorization)
    }
}
