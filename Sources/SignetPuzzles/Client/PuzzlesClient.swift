#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Signet

/// The word-search service: what the server can do (`GET /capabilities`) and new puzzles
/// (`POST /puzzle`), with every request checked before it is sent and every puzzle checked
/// letter by letter when it arrives.
///
/// ```swift
/// let puzzles = PuzzlesClient(baseURL: url, transport: SignetURLSessionTransport())
/// let offered = try await puzzles.capabilities()        // offered.warnings: duplicate keywords resolved
/// let settings = PuzzleSettings(width: 20, height: 20, words: 10, minLength: 4, maxLength: 8,
///                               capabilities: offered.offered.directions.map(\.rawValue))
/// let received = try await puzzles.puzzle(settings, offered: offered)
/// print(received.puzzle.id, received.puzzle.distinctWords)
/// ```
public struct PuzzlesClient: Sendable {
    /// The chain requests go through (unsigned: retry → logging → timeout).
    public let client: SignetClient
    /// The bounds settings must keep to before a request is sent.
    public let limits: PuzzleSettingsLimits
    /// Decodes and checks `/puzzle` responses (size limits, layout detection, word checks).
    public let decoder: PuzzleResponseDecoder

    /// Builds the default unsigned chain over `transport`.
    public init(
        baseURL: URL, transport: some Transport, limits: PuzzleSettingsLimits = .standard,
        decoder: PuzzleResponseDecoder = PuzzleResponseDecoder()
    ) {
        self.init(
            client: SignetClient(baseURL: baseURL, transport: transport, middleware: SignetClient.defaultMiddleware()),
            limits: limits, decoder: decoder)
    }

    /// Uses a chain built by the caller.
    public init(
        client: SignetClient, limits: PuzzleSettingsLimits = .standard, decoder: PuzzleResponseDecoder = PuzzleResponseDecoder()
    ) {
        self.client = client
        self.limits = limits
        self.decoder = decoder
    }

    /// `GET /capabilities`: the published list, resolved to distinct keywords with warnings
    /// naming what was renamed or dropped.
    /// - Throws: `PuzzlesClientError.invalidCapabilityList` for a body that is not a capability
    ///   list (with its JSON path); `SignetError` for transport failures and non-2xx statuses.
    public func capabilities() async throws -> ServerCapabilities {
        let operation = "puzzles.capabilities"
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/capabilities")
        let (response, body) = try await client.send(request, operation: operation)
        try await client.checkStatus(response, body: body, operation: operation, request: request)
        let bytes = try await Self.collect(body, upTo: CapabilityListDecoder.maxBytes, response, operation, request)
        do {
            return ServerCapabilities(published: try CapabilityListDecoder.decode(Data(bytes)))
        } catch {
            throw PuzzlesClientError.invalidCapabilityList(error)
        }
    }

    /// Asks the server for its capabilities, then for a puzzle with `settings`.
    /// See `puzzle(_:offered:)`.
    public func puzzle(_ settings: PuzzleSettings) async throws -> ReceivedPuzzle {
        try await puzzle(settings, offered: capabilities())
    }

    /// `POST /puzzle` with `settings`, checked first against `offered` and `limits`.
    /// - Throws: `PuzzlesClientError.invalidSettings` before sending (a capability the server
    ///   lacks, a size out of bounds, words that cannot fit); `.refused` with the server's reason
    ///   for a 422; `.invalidPuzzle` when the answer does not decode or a word is not where it
    ///   says in the grid; `SignetError` for transport failures and other statuses.
    public func puzzle(_ settings: PuzzleSettings, offered: ServerCapabilities) async throws -> ReceivedPuzzle {
        do {
            try settings.validate(against: offered.offered, limits: limits)
        } catch {
            throw PuzzlesClientError.invalidSettings(error)
        }
        let operation = "puzzles.generate"
        let request = HTTPRequest(
            method: .post, scheme: nil, authority: nil, path: "/puzzle",
            headerFields: [.contentType: "application/json"])
        let (response, body) = try await client.send(request, body: Body(try settings.requestBody()), operation: operation)
        do {
            try await client.checkStatus(response, body: body, operation: operation, request: request)
        } catch let error as SignetError where error.status == .unprocessableContent {
            throw PuzzlesClientError.refused(reason: Self.reason(error))
        }
        let bytes = try await Self.collect(body, upTo: decoder.limits.maxBytes, response, operation, request)
        let decoded = try decode(Data(bytes))
        return ReceivedPuzzle(
            puzzle: decoded.puzzle, layout: decoded.layout, settings: settings, capabilityWarnings: offered.warnings)
    }

    /// Decodes and checks a `/puzzle` response body as `puzzle(_:offered:)` does.
    /// - Throws: `PuzzlesClientError.invalidPuzzle`.
    public func decode(_ body: Data) throws(PuzzlesClientError) -> DecodedPuzzle {
        do {
            return try decoder.decode(body)
        } catch {
            throw .invalidPuzzle(error)
        }
    }

    /// The response body, at most `maxBytes`; a larger one is refused naming the call it answered.
    private static func collect(
        _ body: Body, upTo maxBytes: Int, _ response: HTTPResponse, _ operation: String, _ request: HTTPRequest
    ) async throws -> [UInt8] {
        do {
            return try await body.collect(upTo: maxBytes)
        } catch let error as SignetError {
            var located = error.adding(operation: operation, request: request)
            located.status = located.status ?? response.status
            throw located
        }
    }

    /// The server's `error_message`, else the start of its body, else the status line.
    private static func reason(_ error: SignetError) -> String {
        guard case let .httpStatus(status, message, preview) = error.kind else { return "\(error)" }
        if let message { return message }
        return preview.isEmpty ? "HTTP \(status.code) \(status.reasonPhrase)" : preview
    }
}
