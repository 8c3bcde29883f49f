#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Signet

/// The conditions service: the list of conditions and each one's definition, parsed and checked.
///
/// ```swift
/// let conditions = ConditionsClient(baseURL: url, transport: SignetURLSessionTransport())
/// for summary in try await conditions.conditions() { print(summary.id, summary.name) }
/// let document = try await conditions.condition(id: "2")
/// print(document.condition, document.condition.evaluate("rollout.io", ""))
/// ```
public struct ConditionsClient: Sendable {
    /// The chain requests go through (unsigned: retry → logging → timeout).
    public let client: SignetClient
    /// Parses and checks every condition received (operators, argument count, limits).
    public let parser: ConditionParser

    /// Builds the default unsigned chain over `transport`.
    public init(baseURL: URL, transport: some Transport, parser: ConditionParser = .standard) {
        self.init(client: SignetClient(baseURL: baseURL, transport: transport, middleware: SignetClient.defaultMiddleware()), parser: parser)
    }

    /// Uses a chain built by the caller.
    public init(client: SignetClient, parser: ConditionParser = .standard) {
        self.client = client
        self.parser = parser
    }

    /// `GET /conditions`: names and ids.
    public func conditions() async throws -> [ConditionSummary] {
        let bytes = try await fetch("/conditions", operation: "conditions.list")
        return try ConditionSummary.list(from: bytes, limits: parser.limits)
    }

    /// `GET /conditions/:id`: the condition, checked up front. A condition the parser refuses (unknown
    /// operator, wrong arity, too deep, …) throws ``ConditionError`` with the JSON path of the fault.
    public func condition(id: String) async throws -> ConditionDocument {
        let bytes = try await fetch("/conditions/" + PathSegment.encode(id), operation: "conditions.detail")
        return try ConditionDocument.parse(bytes, parser: parser)
    }

    private func fetch(_ path: String, operation: String) async throws -> [UInt8] {
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: path)
        let (response, body) = try await client.send(request, operation: operation)
        try await client.checkStatus(response, body: body, operation: operation, request: request)
        do {
            return try await body.collect(upTo: parser.limits.maxInputBytes)
        } catch let error as SignetError {
            // Name the call the refused body answered.
            var located = error.adding(operation: operation, request: request)
            located.status = located.status ?? response.status
            throw located
        }
    }
}
