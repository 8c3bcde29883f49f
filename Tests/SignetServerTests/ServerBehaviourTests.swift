import Foundation
import HTTPTypes
import Signet
import SignetServer
import Testing
import SignetTestSupport
import SignetTransportTestSupport

@Suite("Reference server behaviour")
struct ServerBehaviourTests {
    @Test("every response carries exactly one Date, from the server's clock", arguments: TransportKind.allCases)
    func dateHeaderFromServerClock(transport: TransportKind) async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_000_000_000))  // a server far from real time
        try await withReferenceServer(clock: clock) { server in
            server.faults.inject(.serviceUnavailable(), pathPrefix: "/faulty")
            let client = unsignedClient(server, transport, retry: .none)
            for path in ["/echo", "/no/such/route", GameSystemCalls.playerPath, "/faulty"] {
                let (_, fields, _) = try await exchange(client, request(.get, path))
                #expect(fields[values: .date] == ["Sun, 09 Sep 2001 01:46:40 GMT"], "\(path)")
            }
        }
    }

    @Test("an unknown route is a JSON 404", arguments: TransportKind.allCases)
    func unknownRoute(transport: TransportKind) async throws {
        try await withReferenceServer { server in
            let (status, fields, body) = try await exchange(unsignedClient(server, transport), request(.get, "/no/such/route"))
            #expect(status == 404)
            #expect(fields[.contentType]?.hasPrefix("application/json") == true)
            let message = try JSONDecoder().decode([String: String].self, from: Data(body))["error_message"]
            #expect(message?.contains("/no/such/route") == true)
        }
    }

    @Test("a signed body over the limit is 413", arguments: TransportKind.allCases)
    func bodyTooLarge(transport: TransportKind) async throws {
        let clock = ManualClock()
        try await withReferenceServer(clock: clock, maxBodyBytes: 1024) { server in
            let client = try signedClient(server, transport, clock: clock.reading(), retry: .none)
            let json = #"{"avatar": {"Top": 101}, "padding": "\#(String(repeating: "x", count: 2048))"}"#
            let (status, _, _) = try await exchange(client, request(.put, GameSystemCalls.playerPath), body: Body(json))
            #expect(status == 413)
        }
    }

    @Test("servers run side by side on their own ports, and a stopped one refuses connections")
    func sideBySide() async throws {
        let first = try await ReferenceServer.start(ReferenceServerConfiguration(logger: .quiet))
        let second = try await ReferenceServer.start(ReferenceServerConfiguration(logger: .quiet))
        #expect(first.port != second.port)
        #expect(first.port > 0)
        #expect(first.baseURL.absoluteString == "http://127.0.0.1:\(first.port)")
        let before = try await exchange(unsignedClient(first, .asyncHTTPClient), request(.get, "/echo"))
        #expect(before.status == 200)
        await first.stop()
        let refused = await signetError {
            _ = try await exchange(unsignedClient(first, .urlSession, retry: .none), request(.get, "/echo"))
        }
        #expect(refused?.isTransport == true)
        let after = try await exchange(unsignedClient(second, .urlSession), request(.get, "/echo"))
        #expect(after.status == 200)
        await second.stop()
    }

    @Test("binding a port in use fails with ReferenceServerError")
    func portInUse() async throws {
        try await withReferenceServer { server in
            await #expect(throws: ReferenceServerError.self) {
                let clash = try await ReferenceServer.start(
                    ReferenceServerConfiguration(port: server.port, logger: .quiet))
                await clash.stop()
            }
        }
    }
}
