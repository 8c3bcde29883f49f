import Foundation
import SignetServer

/// The cases every environment runs, with the same expected answers: each refusal cause in the order the
/// pipeline checks them, then replay, idempotency, the body limit, the key provider, and acceptance.
enum ConformanceTable {
    static let client = DemoCredentials.clientKey
    /// The case that needs a key provider that throws, which a keyring is not.
    static let throwingProvider = "key provider throws (503)"
    /// A unique body per case, so that no two cases' state-changing requests are byte-identical.
    static func body(_ name: String) -> [UInt8] { Array(#"{"case":"\#(name)"}"#.utf8) }
    static func idempotencyKey(_ key: String) -> (name: String, value: String) { ("Idempotency-Key", key) }

    static let signatureRefusals: [ConformanceCase] = [
        ConformanceCase(name: "missing-header") {
            [.send(Exchange(request: WireRequest(method: "GET", headers: []), expected: .refused(401, "missing-header: ")))]
        },
        ConformanceCase(name: "malformed-authorization") {
            let request = try WireRequest.signed("GET").setting("Authorization", "demo-client")
            return [.send(Exchange(request: request, expected: .refused(401, "malformed-authorization: ")))]
        },
        ConformanceCase(name: "malformed-authorization, sent twice") {
            // Joined, the two would split into a "key" holding the first signature (logged with the refusal).
            let request = try WireRequest.signed("GET", extra: [("Authorization", "\(client):0123456789abcdef")])
            return [.send(Exchange(request: request, expected: .refused(401, "malformed-authorization: Authorization was sent more than once")))]
        },
        ConformanceCase(name: "unknown-key") {
            [.send(Exchange(request: try .signed("GET", key: "nobody", secret: "x"), expected: .refused(401, "unknown-key: ")))]
        },
        ConformanceCase(name: "malformed-date") {
            let request = try WireRequest.signed("GET").setting("Date", "Tue, 21 Nov 2026 09:05:07 GMT")
            return [.send(Exchange(request: request, expected: .refused(401, "malformed-date: ")))]
        },
        ConformanceCase(name: "date-outside-window") {
            let request = try WireRequest.signed("GET", date: ConformanceSetup.now.addingTimeInterval(-3_600))
            return [.send(Exchange(request: request, expected: .refused(401, "date-outside-window: ", diagnosis: true)))]
        },
        ConformanceCase(name: "content-md5-mismatch") {
            var request = try WireRequest.signed("POST", body: body("signed"))
            request.body = body("sent")
            return [.send(Exchange(request: request, expected: .refused(401, "content-md5-mismatch: ", diagnosis: true)))]
        },
        ConformanceCase(name: "content-md5-mismatch, a GET with a body") {
            // Signed as a bodiless GET, sent with a body and its Content-Length, then chunked: an adapter that
            // decides a GET without reading its body may do so only when the head declares none.
            var request = try WireRequest.signed("GET")
            request.body = body("get")
            var chunked = request
            chunked.chunked = true
            return [.send(Exchange(request: request, expected: .refused(401, "content-md5-mismatch: ", diagnosis: true))),
                    .send(Exchange(request: chunked, expected: .refused(401, "content-md5-mismatch: ", diagnosis: true)))]
        },
        ConformanceCase(name: "bad-signature") {
            [.send(Exchange(request: try .signed("GET", secret: "not-the-secret"), expected: .refused(401, "bad-signature: ", diagnosis: true)))]
        },
        ConformanceCase(name: "wrong-key-type") {
            [.send(Exchange(request: try .signed("GET", key: DemoCredentials.adminKey),
                            expected: .refused(401, "wrong-key-type: ", diagnosis: true)))]
        },
    ]

    static let explanationsOff: [ConformanceCase] = [
        ConformanceCase(name: "bad-signature, explanations off", explains: false) {
            [.send(Exchange(request: try .signed("GET", secret: "not-the-secret"), expected: .refused(401, "bad-signature: ")))]
        },
        ConformanceCase(name: "wrong-key-type, explanations off", explains: false) {
            [.send(Exchange(request: try .signed("GET", key: DemoCredentials.adminKey), expected: .refused(401, "wrong-key-type: ")))]
        },
    ]

    static let stateful: [ConformanceCase] = [
        ConformanceCase(name: "replayed-request", stateful: true) {
            let request = try WireRequest.signed("POST", body: body("replay"))
            return [.send(Exchange(request: request, expected: .accepted(client, body("replay")))),
                    .send(Exchange(request: request, expected: .refused(401, "replayed-request: ", retryAfter: "1")))]
        },
        ConformanceCase(name: "idempotency: proceed, then replay", stateful: true) {
            let now = ConformanceSetup.now, key = idempotencyKey("k-replay")
            return [
                .send(Exchange(request: try .signed("POST", body: body("idem"), date: now, extra: [key]),
                               expected: .accepted(client, body("idem")))),
                // Signed anew (another second), so not a replay: the stored answer comes back marked.
                .send(Exchange(request: try .signed("POST", body: body("idem"), date: now - 1, extra: [key]),
                               expected: .accepted(client, body("idem"), replayed: true))),
            ]
        },
        ConformanceCase(name: "idempotency: in flight (409)", stateful: true) {
            let now = ConformanceSetup.now, key = idempotencyKey(GatedIdempotencyStore.gatedKey)
            let held = "a request with Idempotency-Key '\(GatedIdempotencyStore.gatedKey)' is still in progress"
            return [
                .holding(Exchange(request: try .signed("POST", body: body("held"), date: now, extra: [key]),
                                  expected: .accepted(client, body("held"))),
                         meanwhile: [Exchange(request: try .signed("POST", body: body("held"), date: now - 1, extra: [key]),
                                              expected: .refused(409, held))]),
                .send(Exchange(request: try .signed("POST", body: body("held"), date: now - 2, extra: [key]),
                               expected: .accepted(client, body("held"), replayed: true))),
            ]
        },
        ConformanceCase(name: "idempotency: another query under the key (422)", stateful: true) {
            // The query is not signed; the key is bound to it all the same. Signed a second apart: not a replay.
            let now = ConformanceSetup.now, key = idempotencyKey("k-query")
            return [
                .send(Exchange(request: try .signed("POST", body: body("query"), date: now, query: "amount=1", extra: [key]),
                               expected: .accepted(client, body("query")))),
                .send(Exchange(request: try .signed("POST", body: body("query"), date: now - 1, query: "amount=1000", extra: [key]),
                               expected: .refused(422, "Idempotency-Key 'k-query' was already used for a different request"))),
            ]
        },
        ConformanceCase(name: "idempotency: another request (422)", stateful: true) {
            let key = idempotencyKey("k-conflict")
            return [
                .send(Exchange(request: try .signed("POST", body: body("first"), extra: [key]), expected: .accepted(client, body("first")))),
                .send(Exchange(request: try .signed("POST", body: body("second"), extra: [key]),
                               expected: .refused(422, "Idempotency-Key 'k-conflict' was already used for a different request"))),
            ]
        },
    ]

    static let limitsAndAcceptance: [ConformanceCase] = [
        ConformanceCase(name: "body over the limit, declared (413)") {
            let big = [UInt8](repeating: 65, count: ConformanceSetup.maxBodyBytes + 1)
            return [.send(Exchange(request: try .signed("POST", body: big),
                                   expected: .refused(413, "request body exceeds the limit of \(ConformanceSetup.maxBodyBytes) bytes")))]
        },
        ConformanceCase(name: "body over the limit, chunked (413)") {
            var request = try WireRequest.signed("PUT", body: [UInt8](repeating: 66, count: ConformanceSetup.maxBodyBytes + 1))
            request.chunked = true
            return [.send(Exchange(request: request,
                                   expected: .refused(413, "request body exceeds the limit of \(ConformanceSetup.maxBodyBytes) bytes")))]
        },
        ConformanceCase(name: throwingProvider) {
            [.send(Exchange(request: try .signed("GET", key: ConformanceSetup.flakyKey, secret: "x"),
                            expected: .refused(503, "the API key's secrets cannot be looked up now", retryAfter: "1")))]
        },
        ConformanceCase(name: "accepted GET") {
            [.send(Exchange(request: try .signed("GET"), expected: .accepted(client, [])))]
        },
        ConformanceCase(name: "accepted POST, body at the limit, chunked") {
            let full = [UInt8](repeating: 67, count: ConformanceSetup.maxBodyBytes)
            var request = try WireRequest.signed("POST", body: full)
            request.chunked = true
            return [.send(Exchange(request: request, expected: .accepted(client, full)))]
        },
    ]

    /// Every case, in order.
    static let all = signatureRefusals + explanationsOff + stateful + limitsAndAcceptance
}
