#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Logging
import Synchronization

/// Signs every request it sees with its ``RequestSigner``, dated `context.clock() + context.clockOffset`.
///
/// It sits inside retry and clock-skew correction so that each attempt is signed anew with a fresh date
/// and the learned clock offset. It logs a warning when the path carries a query string, because the
/// GameSystem scheme signs no query: such a query can be changed by anyone who captures the request.
///
/// **Never the same state-changing request twice.** Dates have one-second resolution and the scheme has no
/// nonce, so two identical POSTs (same key, path, body) signed in the same second are byte-identical, and a
/// server that refuses replays refuses the second. This middleware remembers what it sent: when a
/// state-changing request signs to an `Authorization` it already sent, it waits for the next second of its
/// clock and signs again. Identical state-changing requests from one client therefore go out at most one per
/// second; distinct ones, and reads, are never delayed. If the clock does not move (a test's frozen clock),
/// it gives up waiting after ``maxPacingWait`` and sends anyway.
///
/// When the server refuses the request (401), the text that was signed is kept for the error
/// (``SignetError/clientStringToSign``), so a refusal can be compared with the server's diagnosis.
public struct SigningMiddleware<Signer: RequestSigner>: SignetMiddleware {
    /// The signer applied to every request.
    public let signer: Signer
    /// The longest it waits for a new second before sending a state-changing request it already sent.
    public var maxPacingWait: Duration = .milliseconds(1_500)
    private let ledger = SignedRequestLedger()

    /// Creates a middleware that signs with `signer`.
    public init(signer: Signer) {
        self.signer = signer
    }

    /// Signs the request and passes it on.
    public func intercept(
        _ request: HTTPRequest,
        body: Body,
        context: CallContext,
        next: (HTTPRequest, Body, CallContext) async throws -> (HTTPResponse, Body)
    ) async throws -> (HTTPResponse, Body) {
        if let path = request.path, path.utf8.contains(UInt8(ascii: "?")) {
            context.logger.warning("signed request carries a query string the signature does not cover", metadata: [
                "signet.operation": "\(context.operation)",
                "signet.path": "\(SignetError.pathWithoutQuery(path))",
            ])
        }
        let signed = try await sign(request, body: body, context: context)
        let answer = try await next(signed, body, context)
        if answer.0.status == .unauthorized, let record = context.values[SignedTextRecord.self] {
            record.store(signer.stringToSign(for: signed))
        }
        return answer
    }

    /// Signs `request`; a state-changing request that signs to what was already sent is signed again in
    /// the next second.
    private func sign(_ request: HTTPRequest, body: Body, context: CallContext) async throws -> HTTPRequest {
        var signed = request
        var date = context.signingDate
        try await signer.sign(&signed, body: body, date: date)
        guard !request.method.isSafe else { return signed }
        let start = ContinuousClock.now
        while let authorization = signed.headerFields[.authorization],
              !ledger.claim(authorization, second: Int64(date.timeIntervalSince1970.rounded(.down))) {
            let waited = ContinuousClock.now - start
            guard waited < maxPacingWait else { break }
            // Sleep until just after the next whole second of the signing clock.
            let fraction = date.timeIntervalSince1970 - date.timeIntervalSince1970.rounded(.down)
            let wait = min(Duration.seconds(1.0 - fraction) + .milliseconds(5), maxPacingWait - waited)
            try await Task.sleep(for: max(wait, .milliseconds(5)))
            date = context.signingDate
            signed = request
            try await signer.sign(&signed, body: body, date: date)
        }
        return signed
    }
}

/// Where ``SigningMiddleware`` leaves the text it signed when the server refused the request, for the
/// error ``SignetClient`` builds (``SignetError/clientStringToSign``). One per call; created by ``SignetClient``.
final class SignedTextRecord: CallContextKey, Sendable {
    typealias Value = SignedTextRecord
    private let text = Mutex<String?>(nil)
    func store(_ value: String?) { text.withLock { $0 = value } }
    var value: String? { text.withLock { $0 } }
}

extension HTTPRequest.Method {
    /// Whether the method changes nothing on the server (RFC 9110 §9.2.1: GET, HEAD, OPTIONS, TRACE), so
    /// that repeating it is harmless: such requests are neither paced nor refused as replays.
    package var isSafe: Bool {
        self == .get || self == .head || self == .options || self == .trace
    }
}
