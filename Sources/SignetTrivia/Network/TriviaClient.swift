#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Signet

/// The trivia service's REST side, `GET /trivia/jokers?user=…`, through the Signet client chain, and
/// the address of its game socket.
///
/// ```swift
/// let trivia = TriviaClient(baseURL: url, transport: SignetURLSessionTransport())
/// let jokers = try await trivia.jokers(for: "ann").jokers       // at launch, as the app does
/// let connection = try await TriviaConnection.open(baseURL: url, user: "ann", jokers: jokers)
/// ```
public struct TriviaClient: Sendable {
    /// The chain requests go through (unsigned: retry → logging → timeout).
    public let client: SignetClient

    /// Builds the default unsigned chain over `transport`.
    public init(baseURL: URL, transport: some Transport) {
        self.init(client: SignetClient(baseURL: baseURL, transport: transport, middleware: SignetClient.defaultMiddleware()))
    }

    /// Uses a chain built by the caller.
    public init(client: SignetClient) {
        self.client = client
    }

    /// `GET /trivia/jokers?user=USER`: how many jokers `user` owns.
    /// - Throws: `SignetError` (`invalidRequest` for a bad user name, `httpStatus`, or `decoding` with
    ///   the field at fault).
    public func jokers(for user: String) async throws -> TriviaJokersResponse {
        if let problem = TriviaUserName.problem(with: user) {
            throw SignetError(.invalidRequest(reason: problem), operation: "trivia.jokers")
        }
        let operation = "trivia.jokers"
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil,
                                  path: "/trivia/jokers?user=" + TriviaUserName.queryEncoded(user))
        let (response, body) = try await client.send(request, operation: operation)
        try await client.checkStatus(response, body: body, operation: operation, request: request)
        let bytes: [UInt8]
        do {
            bytes = try await body.collect(upTo: TriviaMessageLimits.clientMessages.maxBytes)
        } catch let error as SignetError {
            // Name the call the refused body answered.
            var located = error.adding(operation: operation, request: request)
            located.status = located.status ?? response.status
            throw located
        }
        do {
            return try TriviaJokersResponse.decode(bytes: bytes)
        } catch {
            throw SignetError(.decoding(path: error.path ?? "$", reason: error.description),
                              operation: operation, method: .get, path: request.path, status: response.status)
        }
    }

    /// The game socket for `user`: the base URL with `ws`/`wss` for `http`/`https`, path `/trivia/play`.
    /// - Throws: ``TriviaConnectionError/invalidAddress(_:)`` or ``TriviaConnectionError/invalidUser(_:)``.
    public func playURL(for user: String) throws(TriviaConnectionError) -> URL {
        try Self.playURL(baseURL: client.baseURL, user: user)
    }

    /// The game socket for `user` on the server at `baseURL`.
    public static func playURL(baseURL: URL, user: String) throws(TriviaConnectionError) -> URL {
        if let problem = TriviaUserName.problem(with: user) { throw .invalidUser(problem) }
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false), components.host != nil
        else { throw .invalidAddress("\(baseURL.absoluteString): no host") }
        switch components.scheme?.lowercased() {
        case "http", "ws": components.scheme = "ws"
        case "https", "wss": components.scheme = "wss"
        default: throw .invalidAddress("\(baseURL.absoluteString): expected an http, https, ws or wss URL")
        }
        let base = components.percentEncodedPath.hasSuffix("/") ? String(components.percentEncodedPath.dropLast())
            : components.percentEncodedPath
        components.percentEncodedPath = base + "/trivia/play"
        components.percentEncodedQuery = "user=" + TriviaUserName.queryEncoded(user)
        components.fragment = nil
        guard let url = components.url else { throw .invalidAddress("\(baseURL.absoluteString): no URL can be formed") }
        return url
    }
}
