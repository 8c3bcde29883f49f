import Foundation
import HTTPTypes
import Signet
import SignetAsyncHTTPClient
import SignetServer
import SignetTransportTestSupport
@testable import SignetTrivia
import SignetTriviaSocket
import SignetURLSession
import Testing
import WSClient

/// `GET /trivia/jokers` through `TriviaClient` over all three transports, and how the server answers
/// requests to `/trivia/play` that are not a valid upgrade.
@Suite("Trivia REST and upgrade refusals")
struct TriviaRESTTests {
    static func client(_ kind: TransportKind, _ server: ReferenceServer) -> TriviaClient {
        TriviaClient(baseURL: server.baseURL, transport: kind.make())
    }

    @Test("the demo store: ann and bob own one joker, anyone else none", arguments: TransportKind.allCases)
    func demoJokers(kind: TransportKind) async throws {
        try await SocketGame.with(try await ReferenceServer.start()) { (server: ReferenceServer) async throws in
            let trivia = Self.client(kind, server)
            #expect(try await trivia.jokers(for: "ann") == TriviaJokersResponse(user: "ann", jokers: 1))
            #expect(try await trivia.jokers(for: "bob").jokers == 1)
            #expect(try await trivia.jokers(for: "zoë & co").jokers == 0)
        }
    }

    @Test("a bad user name is refused before sending, and by the server with 400", arguments: TransportKind.allCases)
    func badUser(kind: TransportKind) async throws {
        try await SocketGame.with(try await ReferenceServer.start()) { server in
            do {
                _ = try await Self.client(kind, server).jokers(for: "")
                Issue.record("an empty user was sent")
            } catch let error as SignetError {
                guard case .invalidRequest(let reason) = error.kind else { throw error }
                #expect(reason == "user: missing")
            }
            let client = SignetClient(baseURL: server.baseURL, transport: SignetURLSessionTransport(), middleware: [])
            for path in ["/trivia/jokers", "/trivia/jokers?user=", "/trivia/play"] {
                let (response, body) = try await client.send(HTTPRequest(method: .get, scheme: nil, authority: nil, path: path), operation: "test")
                #expect(response.status == .badRequest, "\(path)")
                #expect(String(decoding: try await body.collect(upTo: 1_000), as: UTF8.self) == #"{"error_message":"user: missing"}"#)
            }
        }
    }

    @Test("a plain GET of the game socket gets 426 Upgrade Required")
    func plainGetOfTheSocket() async throws {
        try await SocketGame.with(try await ReferenceServer.start()) { server in
            let client = SignetClient(baseURL: server.baseURL, transport: SignetURLSessionTransport(), middleware: [])
            let (response, _) = try await client.send(
                HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/trivia/play?user=ann"), operation: "test")
            #expect(response.status.code == 426)
            #expect(response.headerFields[values: .date].count == 1)
        }
    }

    @Test("a WebSocket upgrade without a user is refused; a second connection for a user gets already-joined")
    func refusedUpgrades() async throws {
        try await SocketGame.with(try await SocketGame.server(players: 2)) { server in
            let url = "ws://127.0.0.1:\(server.port)/trivia/play"
            await #expect(throws: WebSocketClientError.webSocketUpgradeFailed) {
                try await WebSocketClient.connect(url: url, logger: .init(label: "test")) { _, _, _ in }
            }
            let ann = try await TestPlayer.join("ann", server)
            _ = try await ann.welcome()
            let again = try await TestPlayer.join("ann", server)
            #expect(try await again.error().code == .alreadyJoined)
            guard case .failed(.connectionLost) = try await again.ended() else {
                Issue.record("the refused connection did not end")
                return
            }
            // The first connection is untouched.
            #expect(await ann.connection.end == nil)
            await ann.connection.close()
        }
    }

    @Test("the socket address follows the base URL")
    func playURL() throws {
        let base = try #require(URL(string: "https://example.com/api/"))
        #expect(try TriviaClient.playURL(baseURL: base, user: "zoë & co").absoluteString
                == "wss://example.com/api/trivia/play?user=zo%C3%AB%20%26%20co")
        let local = try #require(URL(string: "http://127.0.0.1:8080"))
        #expect(try TriviaClient.playURL(baseURL: local, user: "ann").absoluteString == "ws://127.0.0.1:8080/trivia/play?user=ann")
        #expect(throws: TriviaConnectionError.invalidUser("user: missing")) { try TriviaClient.playURL(baseURL: local, user: "") }
        let ftp = try #require(URL(string: "ftp://example.com"))
        #expect(throws: TriviaConnectionError.self) { try TriviaClient.playURL(baseURL: ftp, user: "ann") }
    }
}
