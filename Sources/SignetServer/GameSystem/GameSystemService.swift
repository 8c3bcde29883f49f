import Foundation
import HTTPTypes
import Hummingbird
import SignetHummingbird

/// The GameSystem routes (DESIGN.md "Services: GameSystem"), each behind signature verification:
///
/// - `GET /{tenant}/client/players/{player}` — the player;
/// - `PUT /{tenant}/client/players/{player}` — body `{"avatar": {"Top": id}}`, answers the updated player;
///   an unknown component or option → 422;
/// - `GET /{tenant}/client/avatar_components` — Top and Bottom with their options;
/// - `POST /{tenant}/admin/player_external_events` — body `{"player", "external_event_id"}`; honours
///   `Idempotency-Key` (per API key: a repeat answers the first response, marked `Idempotent-Replayed: true`).
///
/// Client routes accept only client keys, the admin route only admin keys. Unknown tenant, player or event
/// → 404; a body that does not decode → 400 naming the JSON path.
struct GameSystemService: ReferenceService {
    /// The data the routes read and change.
    let state: any GameSystemStore

    static let idempotencyKey = HTTPField.Name("Idempotency-Key")
    static let idempotentReplayed = HTTPField.Name("Idempotent-Replayed")
    /// The longest `Idempotency-Key` accepted.
    static let maxIdempotencyKeyLength = 255

    func register(on router: Router<ReferenceRequestContext>, environment: ReferenceEnvironment) {
        let state = self.state
        let claims = state.claimsReplays
        let client = router.group(":tenant/client").add(middleware: environment.verification.middleware(
            role: .client, maxBodyBytes: environment.maxBodyBytes, routeClaimsReplays: claims))
        client.get("players/:player") { _, context in
            let player = try await state.player(tenant: context.parameters.decoded("tenant"),
                                                player: context.parameters.decoded("player"))
            return try JSONResponse.make(player)
        }
        client.put("players/:player") { request, context in
            let update = try JSONRequest.decode(PlayerUpdate.self, from: try await request.body.collect(upTo: .max))
            let now = environment.clock()
            let answer = try await state.updateAvatar(
                tenant: context.parameters.decoded("tenant"), player: context.parameters.decoded("player"),
                choices: update.avatar, replay: Self.replayIdentity(context, window: environment.window, now: now))
            switch answer {
            case .replayedRequest: return Self.replayedRequest(now: now)
            case .answered(let player): return try JSONResponse.make(player)
            }
        }
        client.get("avatar_components") { _, context in
            try JSONResponse.make(try await state.avatarComponents(tenant: context.parameters.decoded("tenant")))
        }

        let admin = router.group(":tenant/admin").add(middleware: environment.verification.middleware(
            role: .admin, maxBodyBytes: environment.maxBodyBytes, routeClaimsReplays: claims))
        admin.post("player_external_events") { request, context in
            let event = try JSONRequest.decode(ExternalEventRequest.self, from: try await request.body.collect(upTo: .max))
            let claim = try Self.claim(request, context: context)
            let now = environment.clock()
            let answer = try await state.processEvent(
                tenant: try context.parameters.decoded("tenant"), event: event, at: now, claim: claim,
                replay: Self.replayIdentity(context, window: environment.window, now: now))
            guard case .answered(let response) = answer else { return Self.replayedRequest(now: now) }
            var fields = HTTPFields()
            if response.idempotentReplay, let name = Self.idempotentReplayed { fields[name] = "true" }
            return JSONResponse.make(bytes: response.stored.body, status: HTTPResponse.Status(code: response.stored.status),
                                     headerFields: fields)
        }
    }

    /// The verified request's replay identity, held until its `Date` + the window (as the verification core
    /// holds it), for a store that claims it in its own transaction.
    private static func replayIdentity(_ context: ReferenceRequestContext, window: TimeInterval, now: Date) -> ReplayIdentity? {
        context.gameSystemIdentity?.signedRequest.map {
            ReplayIdentity(request: $0, until: $0.signedAt.addingTimeInterval(window), now: now)
        }
    }

    /// 401 `replayed-request` with `Retry-After: 1`, exactly as the verification core answers it.
    private static func replayedRequest(now: Date) -> Response {
        let refusal = VerificationRefusal.replayedRequest
        return Response(status: refusal.status, headers: refusal.response(now: now).headerFields,
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: refusal.body)))
    }

    /// The idempotency claim of a request carrying `Idempotency-Key`, or `nil` without one.
    private static func claim(_ request: Request, context: ReferenceRequestContext) throws(ReferenceAPIError) -> IdempotencyRequest? {
        guard let name = idempotencyKey, let key = request.headers[name] else { return nil }
        // Bytes, as the verification core counts them: one character with thousands of combining marks is
        // one `Character` and kilobytes of key.
        guard !key.isEmpty, key.utf8.count <= maxIdempotencyKeyLength else {
            throw ReferenceAPIError(.badRequest,
                "Idempotency-Key must be 1 to \(maxIdempotencyKeyLength) bytes, not \(key.utf8.count)")
        }
        let identity = context.gameSystemIdentity
        // The whole target: `?amount=1` and `?amount=1000` under one key are two requests (422), not a repeat.
        let fingerprint = "\(request.method.rawValue) \(request.head.path ?? "/") \(identity?.bodyMD5 ?? "")"
        return IdempotencyRequest(apiKey: identity?.apiKey ?? "", key: key, fingerprint: fingerprint)
    }
}
