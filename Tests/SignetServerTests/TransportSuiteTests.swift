import Foundation
import HTTPTypes
import Signet
import SignetServer
import Testing
import SignetTestSupport
import SignetTransportTestSupport

/// The same transport test suite, run over URLSessionTransport and AsyncHTTPClientTransport against the
/// reference server's echo routes on a real loopback socket.
@Suite("Transport suite")
struct TransportSuiteTests {
    @Test("GET sends query and header fields and reads status, fields and body", arguments: TransportKind.allCases)
    func getRoundTrip(transport: TransportKind) async throws {
        try await withReferenceServer { server in
            let client = unsignedClient(server, transport)
            let (status, fields, body) = try await exchange(
                client, request(.get, "/echo?colour=blue&size=2", fields: [field("X-Signet-Test"): "one"]))
            #expect(status == 200)
            #expect(fields[field("X-Echo-Method")] == "GET")
            #expect(fields[.contentType]?.hasPrefix("application/json") == true)
            let echo = try JSONDecoder().decode(EchoJSON.self, from: Data(body))
            #expect(echo.method == "GET")
            #expect(echo.path == "/echo?colour=blue&size=2")
            #expect(echo.headers["x-signet-test"] == "one")
            #expect(echo.headers["user-agent"]?.hasPrefix("Signet/") == true)
            #expect(echo.body_length == 0)
        }
    }

    @Test("PUT sends bytes and reads them back with the status asked for", arguments: TransportKind.allCases)
    func putRoundTrip(transport: TransportKind) async throws {
        try await withReferenceServer { server in
            let client = unsignedClient(server, transport)
            let bytes = pseudoRandomBytes(100_000)
            let (status, fields, body) = try await exchange(
                client,
                request(.put, "/echo", fields: [field("X-Echo-Raw"): "true", field("X-Echo-Status"): "201",
                                                .contentType: "application/octet-stream"]),
                body: Body(bytes))
            #expect(status == 201)
            #expect(fields[field("X-Echo-Method")] == "PUT")
            #expect(body == bytes)
        }
    }

    @Test("POST sends a JSON body whose length and MD5 arrive intact", arguments: TransportKind.allCases)
    func postRoundTrip(transport: TransportKind) async throws {
        try await withReferenceServer { server in
            let client = unsignedClient(server, transport)
            let json = #"{"hello": "world", "n": [1, 2, 3]}"#
            let (status, _, body) = try await exchange(
                client, request(.post, "/echo", fields: [.contentType: "application/json"]), body: Body(json))
            #expect(status == 200)
            let echo = try JSONDecoder().decode(EchoJSON.self, from: Data(body))
            #expect(echo.method == "POST")
            #expect(echo.body_length == json.utf8.count)
            #expect(echo.body_md5 == (try await IndependentMD5.base64(of: Array(json.utf8))))
            #expect(echo.headers["content-type"] == "application/json")
        }
    }

    @Test("a non-2xx status comes back as a response, not an error", arguments: TransportKind.allCases)
    func errorStatusIsAResponse(transport: TransportKind) async throws {
        try await withReferenceServer { server in
            let client = unsignedClient(server, transport, retry: .none)
            let (status, _, body) = try await exchange(
                client, request(.delete, "/echo", fields: [field("X-Echo-Status"): "409"]))
            #expect(status == 409)
            #expect(try JSONDecoder().decode(EchoJSON.self, from: Data(body)).method == "DELETE")
        }
    }

    @Test("a file body of a few MiB is streamed, signed, and its Content-MD5 verified", arguments: TransportKind.allCases)
    func fileBody(transport: TransportKind) async throws {
        let clock = ManualClock()
        let size = 3 * 1024 * 1024 + 4_321
        let file = try TemporaryFile(bytes: pseudoRandomBytes(size))
        try await withReferenceServer(clock: clock) { server in
            let client = try signedClient(server, transport, clock: clock.reading())
            let (status, _, body) = try await exchange(
                client, request(.post, "/acme/client/echo"), body: try Body.file(path: file.path))
            #expect(status == 200)
            let echo = try JSONDecoder().decode(EchoJSON.self, from: Data(body))
            #expect(echo.body_length == size)
            #expect(echo.body_md5 == (try await IndependentMD5.base64(ofFile: file.path)))
            #expect(echo.headers["content-md5"] == echo.body_md5)
            #expect(echo.headers["content-length"] == String(size))  // known length, not chunked
            #expect(echo.api_key == DemoCredentials.clientKey)
        }
    }

    @Test("a relative request sent straight to the transport is resolved against the base URL", arguments: TransportKind.allCases)
    func relativeRequest(transport: TransportKind) async throws {
        try await withReferenceServer { server in
            let (response, body) = try await transport.make().send(
                request(.get, "/echo?direct=1"), body: .empty, baseURL: server.baseURL)
            #expect(response.status.code == 200)
            let echo = try JSONDecoder().decode(EchoJSON.self, from: Data(try await body.collect(upTo: 1 << 20)))
            #expect(echo.path == "/echo?direct=1")
        }
    }

    @Test("a response over the transport's limit is bodyTooLarge", arguments: TransportKind.allCases)
    func responseTooLarge(transport: TransportKind) async throws {
        try await withReferenceServer { server in
            let client = SignetClient(baseURL: server.baseURL, transport: transport.make(maxResponseBytes: 1_000),
                                middleware: [], logger: .quiet)
            let error = await signetError {
                _ = try await exchange(client, request(.post, "/echo", fields: [field("X-Echo-Raw"): "true"]),
                                       body: Body(pseudoRandomBytes(5_000)))
            }
            guard case .bodyTooLarge(let limit, _) = error?.kind else {
                Issue.record("expected bodyTooLarge, got \(String(describing: error))")
                return
            }
            #expect(limit == 1_000)
        }
    }

    @Test("HEAD reads the head only", arguments: TransportKind.allCases)
    func headRequest(transport: TransportKind) async throws {
        try await withReferenceServer { server in
            let (status, fields, body) = try await exchange(unsignedClient(server, transport), request(.head, "/echo"))
            #expect(status == 200)
            #expect(fields[field("X-Echo-Method")] == "HEAD")
            #expect(body.isEmpty)
        }
    }
}
