import Foundation
import HTTPTypes
import OpenAPIRuntime
import Signet
import Synchronization

/// The end of the Signet chain inside ``SignetOpenAPIMiddleware``: hands one signed attempt to the rest of
/// the OpenAPI pipeline (`next`: the middleware after ours, then the OpenAPI transport) and the answer
/// back to Signet's middleware.
struct DownstreamTransport: Transport {
    /// The request as the OpenAPI pipeline gave it to the middleware.
    let openAPIRequest: HTTPRequest
    /// How the request maps between relative (OpenAPI) and absolute (Signet).
    let target: WireTarget
    /// Whether the OpenAPI request had a body at all (`nil` is not the same as empty to the pipeline).
    let sendsBody: Bool
    /// The rest of the OpenAPI pipeline.
    let next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    /// Whether the latest attempt's answer came without a body (`nil`), so the final answer keeps it so.
    private let noBody = NoBodyFlag()

    init(openAPIRequest: HTTPRequest, target: WireTarget, sendsBody: Bool,
         next: @escaping @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)) {
        self.openAPIRequest = openAPIRequest
        self.target = target
        self.sendsBody = sendsBody
        self.next = next
    }

    var lastAnswerHadNoBody: Bool { noBody.value.load(ordering: .acquiring) }

    /// Sends one attempt. Whatever the rest of the pipeline throws, other than cancellation, is a transport
    /// failure to Signet (so retry may act on it), carried as ``DownstreamFailure`` to be rethrown unchanged.
    func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body) {
        let outgoing = target.openAPIRequest(from: request, original: openAPIRequest)
        let outgoingBody = sendsBody || body.length != 0 ? OpenAPIBodies.httpBody(body, absent: false) : nil
        do {
            let (response, responseBody) = try await next(outgoing, outgoingBody, baseURL)
            noBody.value.store(responseBody == nil, ordering: .releasing)
            let signetBody = try await OpenAPIBodies.signetBody(
                responseBody, status: response.status, inspectLimit: SignetOpenAPIMiddleware.inspectedResponseBytes)
            return (response, signetBody)
        } catch {
            if Task.isCancelled || DownstreamFailure.isCancellation(error) { throw error }
            throw SignetError(.transport(underlying: DownstreamFailure(error: error)))
        }
    }
}

/// A flag shared by the copies of one ``DownstreamTransport``.
private final class NoBodyFlag: Sendable {
    let value = Atomic(false)
}

/// An error from the rest of the OpenAPI pipeline, carried through Signet's chain as a transport failure
/// and rethrown unchanged by ``SignetOpenAPIMiddleware``.
struct DownstreamFailure: Error, CustomStringConvertible, SanitizedTransportFailure {
    /// What the pipeline threw (usually swift-openapi-runtime's `ClientError` around the transport's error).
    let error: any Error

    /// The cause without the request: a `ClientError` prints its whole request, and its transport's error
    /// (a `URLError`) the URL it failed on, query included; this text reaches logs and spans.
    var sanitizedDescription: String {
        if let clientError = error as? ClientError {
            return "\(clientError.causeDescription) \(TransportFailureDescription.describe(clientError.underlyingError))"
        }
        return TransportFailureDescription.describe(error)
    }

    /// ``sanitizedDescription``.
    var description: String { sanitizedDescription }

    /// Whether `error` is a cancellation, bare or wrapped in a `ClientError`.
    static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if let clientError = error as? ClientError { return clientError.underlyingError is CancellationError }
        return false
    }
}
