import Foundation
import HTTPTypes
import SignetGameSystem

/// The whole GameSystem server pipeline, with no web framework in it: body limit, signature, role, replay
/// refusal and `Idempotency-Key`, in that order, answering one ``VerificationOutcome``. The Hummingbird,
/// Vapor and OpenAPI adapters only translate their types to and from these.
///
/// ```swift
/// let verification = GameSystemVerification(keys: try GameSystemKeyring(secrets: ["KEY": secret]))
/// var kept: [UInt8] = []
/// let outcome = try await verification.verify(request) { intake in      // request: an HTTPRequest
///     for try await chunk in body { try intake.append(chunk); if !intake.discards { kept += chunk } }
/// }
/// switch outcome {
/// case .accepted(let verified): respond(try await handler(kept, verified.identity))   // then settle verified.idempotency
/// case .refused(let refusal): respond(refusal.response(now: Date()), refusal.body)
/// case .answered(let response, let body): respond(response, body)
/// }
/// ```
/// Checks run in this order, and the first that fails answers: `body-too-large` (413, before anything is
/// read past the limit) → `missing-header` → `malformed-authorization` → the key provider (`unknown-key`; 503
/// if it throws) → `malformed-date` → `date-outside-window` → `content-md5-mismatch` → `bad-signature` →
/// `wrong-key-type` → for state-changing methods: `invalid-idempotency-key` (400) → `replayed-request` →
/// the idempotency store (a stored answer, 409 in flight, 422 another request, 503 full).
public struct GameSystemVerification: Sendable {
    /// Where each API key's secrets come from.
    public let keys: any GameSystemKeyProvider
    /// The largest accepted |now − Date|, in seconds (20 by default; exactly the window is valid).
    public let window: TimeInterval
    /// The separator the signer used (escaped backslash-n by default).
    public let separator: GameSystemSeparator
    /// Roles, stores, limits, explanations, clock, logging and telemetry.
    public let options: GameSystemVerificationOptions
    let telemetry: VerificationTelemetry
    /// A verifier over ``keys`` when they are a keyring (in memory, so a bodiless GET can be verified without
    /// suspending), made once: such a request looks its key up in the keyring itself. Made per request, the
    /// secrets' copy, the key store around it and the verifier cost an allocation and two lookups, and each
    /// retained the keyring's arrays, which the server's threads share (a contended count when the cores
    /// verify at once; docs/benchmarks.md, "HMAC without EVP, and what the cores share").
    private let inMemory: InMemory?

    /// Whether `method` changes nothing (RFC 9110 §9.2.1): no replay check and no idempotency handling.
    static func isSafe(_ method: HTTPRequest.Method) -> Bool {
        // Compared, not looked up in a `Set`: hashing the method's name cost more than these four comparisons.
        method == .get || method == .head || method == .options || method == .trace
    }

    /// A verification that looks secrets up in `keys` (in memory, or `async` from a database).
    public init(keys: any GameSystemKeyProvider, window: TimeInterval = 20, separator: GameSystemSeparator = .escaped,
                options: GameSystemVerificationOptions = .init()) {
        self.keys = keys
        self.window = window
        self.separator = separator
        self.options = options
        self.telemetry = VerificationTelemetry(options: options)
        self.inMemory = (keys as? GameSystemKeyring).flatMap { InMemory(GameSystemVerifier(keys: $0, window: window, separator: separator)) }
    }

    /// A verification with `verifier`'s keys, window and separator.
    public init(verifier: GameSystemVerifier, options: GameSystemVerificationOptions = .init()) {
        self.init(keys: verifier.keys as? any GameSystemKeyProvider ?? KeyStoreProvider(store: verifier.keys),
                  window: verifier.window, separator: verifier.separator, options: options)
    }

    /// Verifies `request`. `receive` streams the body into the intake (and keeps the bytes where the adapter
    /// wants them); a body past ``GameSystemVerificationOptions/maxBodyBytes``, declared or received, ends it
    /// with a refusal.
    ///
    /// The signed header fields are read and the key looked up before the body: a request that is refused
    /// whatever its body holds (``BodyIntake/discards``) has its body counted against the limit, not hashed or
    /// kept. It is still read to its end before the answer (an answer sent while a client uploads is one that
    /// some clients lose, docs/decisions.md), and every check answers as it would have.
    /// - Throws: what `receive` throws besides the intake's refusal (the client went away).
    public func verify(
        _ request: HTTPRequest, receiving receive: (inout BodyIntake) async throws -> Void
    ) async throws -> VerificationOutcome {
        let method = request.method.rawValue, target = request.path ?? "/"
        let received: ReceivedBody
        let head: HeadCheck, lookupTook: Duration?
        do {
            let declared = request.headerFields[.contentLength].flatMap { Int($0) }
            var intake = try BodyIntake(limit: options.maxBodyBytes, declaredLength: declared)
            let started = telemetry.start()
            head = await checkHead(request)
            lookupTook = telemetry.elapsed(since: started)
            intake.discards = head.refusesAnyBody
            try await receive(&intake)
            received = try intake.finish()
        } catch let refusal as VerificationRefusal {
            let outcome = VerificationOutcome.refused(refusal)
            telemetry.record(outcome, took: nil, method: method, path: GameSystemSigner.signedPath(of: target), apiKey: nil)
            return outcome
        }
        return await verify(request, head: head, received: received, lookupTook: lookupTook)
    }

    /// Verifies `request` whose whole body is `body`.
    public func verify(_ request: HTTPRequest, body: [UInt8]) async -> VerificationOutcome {
        do {
            return try await verify(request) { intake in try intake.append(body) }
        } catch {
            // Only the intake throws here, and its refusal is an outcome.
            return .refused(VerificationRefusal(.internalError, status: .internalServerError, message: "the body could not be read"))
        }
    }

    /// What is known of a request before its body: its signed fields and its key's secrets, or its refusal.
    private enum HeadCheck {
        /// The signed fields, and a verifier holding the key's secrets (none for an unknown key, which it
        /// refuses). `final`: the verifier refuses the request whatever its body (`unknown-key`, `malformed-date`).
        case read(SignedParts, GameSystemVerifier, final: Bool)
        /// Unsigned (`missing-header`, `malformed-authorization`: no `apiKey`), or the key provider failed (503).
        case refused(VerificationRefusal, apiKey: String?)

        /// The key the request named, once its `Authorization` was read.
        var apiKey: String? {
            switch self {
            case .read(let parts, _, _): parts.apiKey
            case .refused(_, let apiKey): apiKey
            }
        }

        /// Whether the request is refused whatever its body holds.
        var refusesAnyBody: Bool {
            switch self {
            case .read(_, _, let final): final
            case .refused: true
            }
        }
    }

    /// Reads the signed fields and looks the key up, as the checks after the body would, in their order.
    private func checkHead(_ request: HTTPRequest) async -> HeadCheck {
        let parts: SignedParts
        do {
            parts = try SignedHeaderFields(request.headerFields).parts(of: request.headerFields)
        } catch {
            return .refused(Self.unsigned(error), apiKey: nil)
        }
        let secrets: GameSystemSecrets?
        do {
            // A keyring (in memory) answers at once; any other provider within the options' bound.
            secrets = inMemory != nil || keys is KeyStoreProvider
                ? try await keys.secrets(for: parts.apiKey)
                : try await BoundedKeyLookup.secrets(for: parts.apiKey, from: keys, within: options.keyLookupTimeout)
        } catch {
            telemetry.storeError(.keys, error)
            return .refused(.unavailable(.keyProviderUnavailable,
                "the API key's secrets cannot be looked up now; retry shortly", retryAfter: 1), apiKey: parts.apiKey)
        }
        let verifier = GameSystemVerifier(keys: ResolvedKeys(apiKey: parts.apiKey, secrets: secrets ?? GameSystemSecrets(keys: [])),
                                          window: window, separator: separator)
        return .read(parts, verifier, final: verifier.refusesWhateverTheBody(parts))
    }

    /// Every check after the body is in: signature, role, replay, idempotency; timed (with the key's lookup
    /// before the body), traced and logged.
    private func verify(
        _ request: HTTPRequest, head: HeadCheck, received: ReceivedBody, lookupTook: Duration?
    ) async -> VerificationOutcome {
        let method = request.method.rawValue, target = request.path ?? "/"
        let path = GameSystemSigner.signedPath(of: target)
        let started = telemetry.start()
        let outcome = await telemetry.traced(method: method, path: path) { () async -> VerificationOutcome in
            switch head {
            case .refused(let refusal, _):
                return .refused(refusal)
            case .read(let parts, let verifier, _):
                return await check(request, method: method, target: target, path: path, parts: parts, verifier: verifier,
                                   received: received)
            }
        }
        let took = telemetry.elapsed(since: started).map { $0 + (lookupTook ?? .zero) }
        telemetry.record(outcome, took: took, method: method, path: path, apiKey: head.apiKey)
        return outcome
    }

    private func check(
        _ request: HTTPRequest, method: String, target: String, path: Substring, parts: SignedParts,
        verifier: GameSystemVerifier, received: ReceivedBody
    ) async -> VerificationOutcome {
        let now = options.clock()
        let accepted: VerifiedRequest
        switch authenticate(request, target: target, path: path, parts: parts, verifier: verifier, received: received, now: now) {
        case .failure(let refusal): return .refused(refusal)
        case .success(let value): accepted = value
        }
        let verified = accepted.signed
        guard !Self.isSafe(request.method) else { return .accepted(accepted) }
        let idempotencyKey: String?
        do {
            idempotencyKey = options.idempotencyStore == nil ? nil : try IdempotencyClaim.key(in: request)
        } catch {
            return .refused(error)
        }
        if let replays = options.replayStore, let refusal = await claimReplay(verified, in: replays, now: now) {
            return .refused(refusal)
        }
        guard let store = options.idempotencyStore, let idempotencyKey else { return .accepted(accepted) }
        let claim = IdempotencyClaim(
            request: IdempotencyRequest(apiKey: verified.apiKey, key: idempotencyKey, fingerprint: "\(method) \(target) \(received.md5)"),
            maxStoredBytes: options.maxStoredResponseBytes, store: store, clock: options.clock, telemetry: telemetry)
        return await begin(claim, identity: accepted.identity, verified: verified, now: now)
    }

    /// Verifies a bodiless request of a safe method (GET, HEAD, OPTIONS, TRACE) without suspending, when
    /// nothing it needs has to be waited for: the head declares no body (``declaresNoBody(_:)``), the keys are
    /// a ``GameSystemKeyring`` (in memory), and a safe method claims no replay and no `Idempotency-Key`. `nil`
    /// otherwise; then ``verify(_:receiving:)`` answers. An adapter that takes this answer hands the route the
    /// empty body that was verified. The same checks in the same order, counted, traced and logged alike: an
    /// adapter calls it on its event loop to spare the request a hop to a task (Vapor's `AsyncMiddleware` costs
    /// one).
    package func verifyAtOnce(bodiless request: HTTPRequest) -> VerificationOutcome? {
        guard Self.isSafe(request.method), let inMemory, options.maxBodyBytes >= 0 else { return nil }
        let fields = SignedHeaderFields(request.headerFields)
        guard fields.declaresNoBody(request.headerFields) else { return nil }
        let method = request.method.rawValue, target = request.path ?? "/"
        let path = GameSystemSigner.signedPath(of: target)
        var apiKey: String?
        // Untimed (no metrics), no clock is read: an optional `ContinuousClock.Instant` is copied and tested
        // through its type's metadata (a resilient type). And an accepted request has nothing to record:
        // `record` would copy the outcome to switch on it, about 4 % of a verification on a cold cache
        // (docs/benchmarks.md, "Where the rest goes").
        guard telemetry.timed else {
            let outcome = decision(request, fields: fields, method: method, target: target, path: path, inMemory: inMemory,
                                   apiKey: &apiKey)
            if case .accepted = outcome { return outcome }
            telemetry.record(outcome, took: nil, method: method, path: path, apiKey: apiKey)
            return outcome
        }
        let started = ContinuousClock.now
        let outcome = decision(request, fields: fields, method: method, target: target, path: path, inMemory: inMemory,
                               apiKey: &apiKey)
        telemetry.record(outcome, took: ContinuousClock.now - started, method: method, path: path, apiKey: apiKey)
        return outcome
    }

    /// ``decide(_:fields:target:path:inMemory:apiKey:)``, traced when there is a tracer. Without one, called as
    /// it is: a closure here captures this whole value (its options, its verifier), copied on every request
    /// through generic code (docs/benchmarks.md, "Verification on a cold cache").
    @inline(__always)
    private func decision(
        _ request: HTTPRequest, fields: SignedHeaderFields, method: String, target: String, path: Substring,
        inMemory: InMemory, apiKey: inout String?
    ) -> VerificationOutcome {
        guard telemetry.traces else {
            return decide(request, fields: fields, target: target, path: path, inMemory: inMemory, apiKey: &apiKey)
        }
        return tracedDecision(request, fields: fields, method: method, target: target, path: path, inMemory: inMemory,
                              apiKey: &apiKey)
    }

    /// ``decide(_:fields:target:path:inMemory:apiKey:)`` traced, in a function of its own so that its closure is
    /// not made where there is no tracer.
    @inline(never)
    private func tracedDecision(
        _ request: HTTPRequest, fields: SignedHeaderFields, method: String, target: String, path: Substring,
        inMemory: InMemory, apiKey: inout String?
    ) -> VerificationOutcome {
        telemetry.tracedAtOnce(method: method, path: path) {
            decide(request, fields: fields, target: target, path: path, inMemory: inMemory, apiKey: &apiKey)
        }
    }

    /// The checks of ``verifyAtOnce(bodiless:)``: the signed parts of `fields`, then ``authenticate``, with the
    /// keys and the empty body of `inMemory`, and `apiKey` set to the key the request named once it is read.
    private func decide(
        _ request: HTTPRequest, fields: SignedHeaderFields, target: String, path: Substring, inMemory: InMemory,
        apiKey: inout String?
    ) -> VerificationOutcome {
        let parts: SignedParts
        do {
            parts = try fields.parts(of: request.headerFields)
        } catch {
            return .refused(Self.unsigned(error))
        }
        apiKey = parts.apiKey
        switch authenticate(request, target: target, path: path, parts: parts, verifier: inMemory.verifier, received: inMemory.noBody,
                            now: options.clock()) {
        case .failure(let refusal): return .refused(refusal)
        case .success(let accepted): return .accepted(accepted)
        }
    }

    /// A verifier over keys in memory, and the length and MD5 of no bytes, in an object: binding the optional
    /// verifier itself copied its existential key store through generic code on every request, and reading a
    /// static is a `swift_once`; binding this is a reference count.
    private final class InMemory: Sendable {
        let verifier: GameSystemVerifier
        let noBody: ReceivedBody
        /// `nil` when MD5 is unavailable here (no bodiless request is then decided at once).
        init?(_ verifier: GameSystemVerifier) {
            guard let noBody = try? ReceivedBody.of(EmptyCollection(), limit: 0) else { return nil }
            self.verifier = verifier
            self.noBody = noBody
        }
    }

    /// Whether `request`'s head declares no body: neither `Content-Length` nor `Transfer-Encoding`, or a
    /// `Content-Length` of 0. Over HTTP/1.1 that is exact (RFC 9112, 6.3). Over HTTP/2 the head does not frame
    /// the body, and a GET may still carry bytes: an adapter that verifies such a request at once
    /// (``verifyAtOnce(bodiless:)``) hands the route the empty body it verified, never the transport's stream.
    package static func declaresNoBody(_ request: HTTPRequest) -> Bool {
        SignedHeaderFields(request.headerFields).declaresNoBody(request.headerFields)
    }

    /// What ``GameSystemVerifier/signedParts(of:)`` reads: the signed headers and the two halves of `Authorization`.
    typealias SignedParts = SignedHeaderFields.Parts

    /// The refusal of a request whose signature headers are missing or malformed.
    private static func unsigned(_ error: GameSystemVerificationError) -> VerificationRefusal {
        .unauthorized(VerificationRefusal.Cause(error.reason), error.detail, diagnosis: nil)
    }

    /// The checks that need the key's secrets and nothing else to wait for: signature (with its date window
    /// and `Content-MD5`), then role, with `verifier` holding the key's secrets (an unknown key has none). The
    /// identity, or the refusal.
    private func authenticate(
        _ request: HTTPRequest, target: String, path: Substring, parts: SignedParts, verifier: GameSystemVerifier,
        received: ReceivedBody, now: Date
    ) -> Result<VerifiedRequest, VerificationRefusal> {
        let headers = request.headerFields
        let verified: GameSystemVerifiedRequest
        switch verifier.verifyRequest(method: request.method, path: path, parts: parts, now: now, bodyMD5: { received.md5 }) {
        case .success(let value): verified = value
        case .failure(let error):
            let diagnosis = options.explainsFailures
                ? verifier.diagnose(error, method: request.method, target: target, headers: headers, bodyMD5: received.digest, now: now)
                : nil
            return .failure(.unauthorized(VerificationRefusal.Cause(error.reason), error.detail, diagnosis: diagnosis))
        }
        // An empty dictionary still hashes the key to look it up.
        let role = options.keyRoles.isEmpty ? nil : options.keyRoles[verified.apiKey]
        if let accepted = options.acceptedRoles, !(role.map(accepted.contains) ?? false) {
            let needed = accepted.map(\.rawValue).sorted().joined(separator: " or ")
            let held = role.map { Self.article($0.rawValue) + " \($0) key" } ?? "a key without a role"
            let diagnosis = options.explainsFailures
                ? verifier.wrongKeyTypeDiagnosis(method: request.method, target: target, headers: headers, needed: needed, held: held)
                : nil
            return .failure(.unauthorized(.wrongKeyType,
                "this route needs \(Self.article(needed)) \(needed) key, and the request was signed with \(held)", diagnosis: diagnosis))
        }
        let identity = GameSystemIdentity(verified: verified, role: role, bodyLength: received.length)
        return .success(VerifiedRequest(identity: identity, signed: verified, idempotency: nil))
    }

    /// Claims `verified` in the replay store; the refusal to answer, or `nil` to go on.
    private func claimReplay(_ verified: GameSystemVerifiedRequest, in store: any ReplayStore, now: Date) async -> VerificationRefusal? {
        // Keyed on the canonical parts, never the raw header: `K:sig` and `K : sig` are one request.
        let claim: ReplayClaim
        do {
            claim = try await store.claim(verified, until: verified.signedAt.addingTimeInterval(window), now: now)
        } catch {
            telemetry.replay(.storeError)
            telemetry.storeError(.replay, error)
            return .unavailable(.storeUnavailable, "the replay store cannot be reached, so state-changing requests are refused",
                                retryAfter: 1)
        }
        switch claim {
        case .accepted:
            telemetry.replay(.accepted)
            return nil
        case .replayed:
            telemetry.replay(.replayed)
            // Nothing was applied: the client may sign again in a later second and retry (Retry-After says so).
            return .replayedRequest
        case .storeFull(let retryAfter):
            telemetry.replay(.storeFull)
            return .unavailable(.storeFull, "the replay store is full of requests still inside their window; retry in \(retryAfter) s",
                                retryAfter: retryAfter)
        }
    }

    /// Claims the `Idempotency-Key`: the handler runs only on `proceed`.
    private func begin(
        _ claim: IdempotencyClaim, identity: GameSystemIdentity, verified: GameSystemVerifiedRequest, now: Date
    ) async -> VerificationOutcome {
        let key = claim.request.key
        let begin: IdempotencyBegin
        do {
            begin = try await claim.store.begin(claim.request, now: now)
        } catch {
            telemetry.idempotency(.storeError)
            telemetry.storeError(.idempotency, error)
            return .refused(.unavailable(.storeUnavailable, "the idempotency store cannot be reached; retry shortly", retryAfter: 1))
        }
        switch begin {
        case .proceed:
            telemetry.idempotency(.proceed)
            return .accepted(VerifiedRequest(identity: identity, signed: verified, idempotency: claim))
        case .replay(let stored):
            telemetry.idempotency(.replay)
            return .answered(IdempotencyClaim.replayResponse(stored, now: options.clock()), body: stored.body)
        case .inProgress:
            telemetry.idempotency(.inProgress)
            return .refused(VerificationRefusal(.idempotencyInProgress, status: .conflict,
                message: "a request with Idempotency-Key '\(key)' is still in progress; retry shortly"))
        case .conflict:
            telemetry.idempotency(.conflict)
            return .refused(VerificationRefusal(.idempotencyConflict, status: .unprocessableContent,
                message: "Idempotency-Key '\(key)' was already used for a different request"))
        case .storeFull(let retryAfter):
            telemetry.idempotency(.storeFull)
            return .refused(.unavailable(.storeFull, "too many Idempotency-Keys are held; retry in \(retryAfter) s",
                                         retryAfter: retryAfter))
        }
    }

    /// "an" before a vowel, "a" otherwise.
    static func article(_ word: String) -> String {
        word.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
    }
}
