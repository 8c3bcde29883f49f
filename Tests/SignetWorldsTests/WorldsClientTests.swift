import Foundation
import HTTPTypes
import Signet
import SignetServer
import SignetTransportTestSupport
import SignetURLSession
import SignetWorlds
import Testing

/// `WorldsClient` against the real reference server on 127.0.0.1, in all three formats, over all three transports.
@Suite("WorldsClient against the reference server")
struct WorldsClientTests {
    typealias Kind = TransportKind

    /// The reference server's demo worlds, written out here from its documentation (docs/worlds.md).
    static let demoNames = ["Australia 6 (recommended)", "Deutschland 14", "Österreich 1", "Ελλάδα 2", "France 3 (closed)"]
    static let demoStatuses = [("3", "online"), ("3", "online"), ("3", "online"), ("2", "maintenance"), ("1", "offline")]

    static let formats: [(PropertyListFormat, accept: String, opening: String, contentType: String)] = [
        (.openStep, "text/plain", "{\n    allAvailableWorlds = (", "text/plain; charset=utf-8"),
        (.xml, "application/x-plist", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "application/x-plist"),
        (.binary, "application/x-bplist", "bplist00", "application/x-bplist"),
    ]

    @Test("the demo login gets every demo world, in each format, over each transport",
          arguments: Kind.allCases, 0..<3)
    func demoWorlds(kind: Kind, formatIndex: Int) async throws {
        let (format, accept, opening, contentType) = Self.formats[formatIndex]
        try await ReferenceWorldsServer.with { server in
            let recorder = WireRecorder()
            let client = ReferenceWorldsServer.worldsClient(server, kind, recorder: recorder, format: format)
            let response = try await client.worlds(login: "ios.test@xyrality.com", password: "password")

            #expect(response.worlds.map(\.name) == Self.demoNames)
            #expect(response.worlds.map { [$0.status.id, $0.status.description] } == Self.demoStatuses.map { [$0.0, $0.1] })
            #expect(response.worlds[2] == ExpectedWorlds.oesterreich1)
            #expect(response.worlds[0] == ExpectedWorlds.australia6)
            #expect(Set(response.worlds.map(\.country)) == ["AU", "DE", "AT", "GR", "FR"])
            #expect(response.failures.isEmpty)
            #expect(response.serverVersion == "signet-reference-1")
            #expect(response.info == nil && !response.isUnknownUser)
            let time = try #require(response.time)
            #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000/) != nil, "time \(time)")

            let exchange = try #require(recorder.last)
            #expect(exchange.request.method == .post)
            #expect(exchange.request.path == "/XYRALITY/WebObjects/BKLoginServer.woa/wa/worlds")
            #expect(exchange.request.headerFields[.accept] == accept)
            #expect(exchange.request.headerFields[.contentType] == "application/x-www-form-urlencoded")
            #expect(exchange.response.status == .ok)
            #expect(exchange.response.headerFields[.contentType] == contentType)
            #expect(exchange.responseBody.starts(with: Array(opening.utf8)), "\(String(decoding: exchange.responseBody.prefix(60), as: UTF8.self))")
        }
    }

    @Test("the OpenStep answer is shaped like the real server's: every value a quoted string, \\U escapes")
    func openStepShape() async throws {
        try await ReferenceWorldsServer.with { server in
            let recorder = WireRecorder()
            _ = try await ReferenceWorldsServer.worldsClient(server, .asyncHTTPClient, recorder: recorder)
                .worlds(login: "ios.test@xyrality.com", password: "password")
            let text = String(decoding: try #require(recorder.last).responseBody, as: UTF8.self)
            #expect(text.contains("            id = 126;\n"))
            #expect(text.contains("            name = \"\\U00d6sterreich 1\";\n"))
            #expect(text.contains("                description = maintenance;\n                id = 2;\n"))
            #expect(text.contains("    serverVersion = \"signet-reference-1\";\n"))
            #expect(text.allSatisfy { $0.isASCII })
        }
    }

    @Test("the format comes from the bytes, not from Content-Type", arguments: [PropertyListFormat.xml, .binary, .openStep])
    func contentTypeNotTrusted(format: PropertyListFormat) async throws {
        try await ReferenceWorldsServer.with { server in
            let recorder = WireRecorder()
            let client = ReferenceWorldsServer.worldsClient(
                server, .urlSession, recorder: recorder, format: format,
                extra: [ContentTypeRewriter(contentType: "text/html; charset=iso-8859-1")])
            let response = try await client.worlds(login: "ios.test@xyrality.com", password: "password")
            #expect(response.worlds.map(\.name) == Self.demoNames)
        }
    }

    @Test("an unknown login and a wrong password both come back as Unknown user, with no worlds",
          arguments: Kind.allCases)
    func unknownUser(kind: Kind) async throws {
        try await ReferenceWorldsServer.with { server in
            let client = ReferenceWorldsServer.worldsClient(server, kind, recorder: WireRecorder())
            for (login, password) in [("nobody@example.com", "password"), ("ios.test@xyrality.com", "Password")] {
                let response = try await client.worlds(login: login, password: password)
                #expect(response.isUnknownUser)
                #expect(response.info == "Unknown user")
                #expect(response.worlds.isEmpty && response.failures.isEmpty)
                #expect(response.serverVersion == "signet-reference-1")
            }
        }
    }

    @Test("a missing or empty parameter is the server's Insufficient parameters error", arguments: Kind.allCases)
    func insufficientParameters(kind: Kind) async throws {
        try await ReferenceWorldsServer.with { server in
            let client = ReferenceWorldsServer.worldsClient(server, kind, recorder: WireRecorder())
            let forms = [
                WorldsLoginForm(login: "ios.test@xyrality.com", password: "", deviceType: "x86_64 - Linux 6.1.0", deviceId: "A"),
                WorldsLoginForm(login: "", password: "password", deviceType: "x86_64 - Linux 6.1.0", deviceId: "A"),
                WorldsLoginForm(login: "ios.test@xyrality.com", password: "password", deviceType: "", deviceId: "A"),
                WorldsLoginForm(login: "ios.test@xyrality.com", password: "password", deviceType: "x86_64 - Linux 6.1.0", deviceId: ""),
            ]
            for form in forms {
                await #expect(throws: WorldsError.server(message: "Insufficient parameters.")) {
                    try await client.worlds(form: form)
                }
            }
        }
    }

    @Test("a form without the fields at all gets the error as an OpenStep plist with status 200")
    func absentFieldsOnTheWire() async throws {
        try await ReferenceWorldsServer.with { server in
            let recorder = WireRecorder()
            let client = ReferenceWorldsServer.client(server, .asyncHTTPClient, recorder: recorder)
            var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: WorldsClient.path)
            request.headerFields[.contentType] = "application/x-www-form-urlencoded"
            _ = try await client.send(request, body: Body("login=ios.test%40xyrality.com&password=password"), operation: "raw")
            let exchange = try #require(recorder.last)
            #expect(exchange.response.status == .ok)
            #expect(String(decoding: exchange.responseBody, as: UTF8.self) == "{\n    error = \"Insufficient parameters.\";\n}\n")
        }
    }

    @Test("a body that is not a form gets 400 with a plist error naming the byte; the client surfaces it")
    func malformedForm() async throws {
        try await ReferenceWorldsServer.with { server in
            let recorder = WireRecorder()
            let client = ReferenceWorldsServer.client(server, .urlSession, recorder: recorder)
            var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: WorldsClient.path)
            request.headerFields[.accept] = "application/x-plist"
            _ = try await client.send(request, body: Body("login=a&password=50%ZZ&deviceType=t&deviceId=d"), operation: "raw")
            let exchange = try #require(recorder.last)
            #expect(exchange.response.status == .badRequest)
            let decoded = Result { try WorldsDecoder.decode(exchange.responseBody, contentType: nil) }
            guard case .failure(WorldsError.server(let message)) = decoded else {
                Issue.record("expected a server error, got \(decoded)")
                return
            }
            #expect(message == "Malformed form body: `%` at byte 19 is not followed by two hex digits")
            #expect(!message.contains("ZZ"))
        }
    }

    @Test("Accept picks the format: text/xml, q-values, */*", arguments: [
        ("text/xml", "<?xml", "text/xml; charset=utf-8"),
        ("application/x-plist;q=0.5, application/x-bplist", "bplist00", "application/x-bplist"),
        ("application/x-bplist;q=0, application/x-plist", "<?xml", "application/x-plist"),
        ("*/*", "{", "text/plain; charset=utf-8"),
        ("application/json", "{", "text/plain; charset=utf-8"),
    ])
    func acceptNegotiation(accept: String, opening: String, contentType: String) async throws {
        try await ReferenceWorldsServer.with { server in
            let recorder = WireRecorder()
            let client = ReferenceWorldsServer.client(server, .asyncHTTPClient, recorder: recorder)
            var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: WorldsClient.path)
            request.headerFields[.accept] = accept
            let form = "login=ios.test%40xyrality.com&password=password&deviceType=x&deviceId=y"
            _ = try await client.send(request, body: Body(form), operation: "raw")
            let exchange = try #require(recorder.last)
            #expect(exchange.response.headerFields[.contentType] == contentType)
            #expect(exchange.response.headerFields[.vary] == "Accept")
            #expect(exchange.responseBody.starts(with: Array(opening.utf8)))
            let response = try WorldsDecoder.decode(exchange.responseBody, contentType: nil)
            #expect(response.worlds.map(\.name) == Self.demoNames)
        }
    }

    @Test("a transport failure names the operation and never the password")
    func transportFailureHidesPassword() async throws {
        let password = "hunter2-\(UUID().uuidString)"
        let base = try #require(URL(string: "http://127.0.0.1:9"))
        let client = WorldsClient(
            baseURL: base, transport: SignetURLSessionTransport(), device: ReferenceWorldsServer.device,
            deviceType: ReferenceWorldsServer.deviceType)
        do {
            _ = try await client.worlds(login: "ios.test@xyrality.com", password: password)
            Issue.record("a request to port 9 succeeded")
        } catch {
            let text = "\(error) \(String(reflecting: error))"
            #expect(text.contains("worlds"))
            #expect(!text.contains(password))
        }
    }
}
