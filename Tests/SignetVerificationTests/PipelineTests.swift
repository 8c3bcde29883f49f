import Foundation
import HTTPTypes
import SignetCrypto
import SignetGameSystem
import SignetVerification
import Synchronization
import Testing

/// `GameSystemVerification` on its own: no framework, no socket. The order of the checks, the key provider
/// (async, rotating, failing), replay and idempotency.
@Suite("GameSystemVerification")
struct PipelineTests {
    static func verification(
        keys: (any GameSystemKeyProvider)? = nil, options: GameSystemVerificationOptions = .init()
    ) throws -> GameSystemVerification {
        var options = options
        options.clock = { TestKeys.now }
        return GameSystemVerification(keys: try keys ?? GameSystemKeyring(secrets: TestKeys.secrets), options: options)
    }

    /// One request per refusal, each broken at exactly the check it names, in the order checks run.
    static let refusals: [(String, VerificationRefusal.Cause, Int, @Sendable () throws -> (HTTPRequest, [UInt8]))] = [
        ("no Date", .missingHeader, 401, {
            var request = try signedRequest(.get, "/things")
            request.headerFields[.date] = nil
            return (request, [])
        }),
        ("Authorization without a colon", .malformedAuthorization, 401, {
            var request = try signedRequest(.get, "/things")
            request.headerFields[.authorization] = "app-client"
            return (request, [])
        }),
        ("a key nobody knows", .unknownKey, 401, { (try signedRequest(.get, "/things", key: "stranger", secret: "s"), []) }),
        ("a Date that is not one", .malformedDate, 401, {
            var request = try signedRequest(.get, "/things")
            request.headerFields[.date] = "yesterday"
            return (request, [])
        }),
        ("a Date 21 s old", .dateOutsideWindow, 401, {
            (try signedRequest(.get, "/things", date: TestKeys.now.addingTimeInterval(-21)), [])
        }),
        ("a body that is not the one signed", .contentMD5Mismatch, 401, {
            (try signedRequest(.post, "/things", body: Array("signed".utf8)), Array("sent".utf8))
        }),
        ("the wrong secret", .badSignature, 401, { (try signedRequest(.get, "/things", secret: "guess"), []) }),
        ("an admin key on a client route", .wrongKeyType, 401, { (try signedRequest(.get, "/things", key: TestKeys.admin), []) }),
        ("a body past the limit", .bodyTooLarge, 413, {
            let body = [UInt8](repeating: 65, count: 1025)
            return (try signedRequest(.post, "/things", body: body), body)
        }),
        ("an empty Idempotency-Key", .invalidIdempotencyKey, 400, {
            var request = try signedRequest(.post, "/things")
            request.headerFields[HTTPField.Name("Idempotency-Key")!] = ""
            return (request, [])
        }),
    ]

    @Test("each check refuses with its cause, status and `cause: detail` message", arguments: 0..<refusals.count)
    func refusalOrder(index: Int) async throws {
        let (name, cause, status, make) = Self.refusals[index]
        let verification = try Self.verification(options: .init(
            keyRoles: TestKeys.roles, acceptedRoles: [.client], idempotencyStore: InMemoryIdempotencyStore(), maxBodyBytes: 1024))
        let (request, body) = try make()
        let refusal = try #require(await verification.verify(request, body: body).refusal, "\(name) was not refused")
        #expect(refusal.cause == cause, "\(name)")
        #expect(refusal.status.code == status, "\(name)")
        if status == 401 { #expect(refusal.message.hasPrefix("\(cause.rawValue): "), "\(refusal.message)") }
        let head = refusal.response(now: TestKeys.now)
        #expect(head.headerFields[.date] == "Sat, 21 Nov 2026 09:05:07 GMT")
        #expect(head.headerFields[.contentType] == "application/json; charset=utf-8")
        let json = try JSONSerialization.jsonObject(with: Data(refusal.body)) as? [String: Any]
        #expect(json?["error_message"] as? String == refusal.message)
    }

    /// The causes decided by the head alone, whatever the body and the clock: such a request's body is counted
    /// but neither hashed nor kept.
    static let refusedWhateverTheBody: Set<VerificationRefusal.Cause> = [.missingHeader, .malformedAuthorization, .unknownKey, .malformedDate]

    @Test("a request refused whatever its body is read with `discards` set, and answered as before; any other is kept",
          arguments: 0..<refusals.count)
    func discardedBodies(index: Int) async throws {
        let (name, cause, _, make) = Self.refusals[index]
        let verification = try Self.verification(options: .init(
            keyRoles: TestKeys.roles, acceptedRoles: [.client], idempotencyStore: InMemoryIdempotencyStore(), maxBodyBytes: 1024))
        let (request, body) = try make()
        let discards = Mutex<Bool?>(nil)
        let outcome = try await verification.verify(request) { intake in
            discards.withLock { $0 = intake.discards }
            try intake.append(body)
        }
        #expect(outcome.refusal?.cause == cause, "\(name)")
        #expect(discards.withLock { $0 } == Self.refusedWhateverTheBody.contains(cause), "\(name)")
    }

    @Test("an unsigned body past the limit is still counted (413); a provider that fails marks the body discarded (503)")
    func discardedBodiesCount() async throws {
        let verification = try Self.verification(options: .init(maxBodyBytes: 10))
        let unsigned = HTTPRequest(method: .post, scheme: "http", authority: "h", path: "/things")
        let seen = Mutex<[Bool]>([])
        let tooLarge = try await verification.verify(unsigned) { intake in
            seen.withLock { $0.append(intake.discards) }
            for _ in 0..<3 { try intake.append([UInt8](repeating: 65, count: 5)) }
        }
        #expect(tooLarge.refusal?.cause == .bodyTooLarge)
        let keys = DatabaseKeys()
        keys.failing.store(true, ordering: .relaxed)
        let failing = try Self.verification(keys: keys)
        let unavailable = try await failing.verify(try signedRequest(.post, "/things", body: [1])) { intake in
            seen.withLock { $0.append(intake.discards) }
            try intake.append([1])
        }
        #expect(unavailable.refusal?.cause == .keyProviderUnavailable)
        #expect(seen.withLock { $0 } == [true, true])
    }

    @Test("at once: a bodiless GET with in-memory keys is decided without suspending, exactly as verify decides it")
    func atOnceMatchesVerify() async throws {
        for explains in [false, true] {
            let verification = try Self.verification(options: .init(
                keyRoles: TestKeys.roles, acceptedRoles: [.client], maxBodyBytes: 1024, explainsFailures: explains))
            var requests = try Self.refusals.map { try $0.3() }.filter { $0.0.method == .get && $0.1.isEmpty }.map(\.0)
            requests.append(try signedRequest(.get, "/things?page=2"))
            requests.append(try signedRequest(.head, "/things"))
            requests.append(try signedRequest(.get, "/things", secret: "client-secret\n"))  // diagnosed when explaining
            #expect(requests.count == 10)
            for request in requests {
                let atOnce = try #require(verification.verifyAtOnce(bodiless: request), "\(request) was left to verify")
                let awaited = await verification.verify(request, body: [])
                if let expected = awaited.refusal {
                    let refusal = try #require(atOnce.refusal, "\(request): accepted at once, refused by verify")
                    #expect(refusal.cause == expected.cause && refusal.status == expected.status)
                    #expect(refusal.body == expected.body, "\(String(decoding: refusal.body, as: UTF8.self))")
                    #expect(String(describing: refusal.diagnosis) == String(describing: expected.diagnosis))
                } else {
                    let expected = try #require(awaited.verified)
                    let verified = try #require(atOnce.verified, "\(request): refused at once, accepted by verify")
                    #expect(verified.identity.apiKey == expected.identity.apiKey && verified.identity.role == .client)
                    // The MD5 of no bytes (Python: base64.b64encode(hashlib.md5(b"").digest())).
                    #expect(verified.identity.bodyMD5 == "1B2M2Y8AsgTpgAmY7PhCfg==" && verified.identity.bodyLength == 0)
                    #expect(verified.idempotency == nil)
                }
            }
        }
        // A state-changing method, or keys behind an async provider, are left to `verify`.
        #expect(try Self.verification().verifyAtOnce(bodiless: try signedRequest(.post, "/things")) == nil)
        #expect(try Self.verification(keys: DatabaseKeys()).verifyAtOnce(bodiless: try signedRequest(.get, "/things")) == nil)
    }

    @Test("an accepted identity reads its fields, and equals (and hashes as) the identity made from them")
    func identityFields() async throws {
        let verification = try Self.verification(options: .init(keyRoles: TestKeys.roles))
        // MD5("abc") from RFC 1321, A.5, in base64 (Python: base64.b64encode(hashlib.md5(b"abc").digest())).
        let post = await verification.verify(try signedRequest(.post, "/things", body: Array("abc".utf8)), body: Array("abc".utf8))
        let get = try #require(verification.verifyAtOnce(bodiless: try signedRequest(.get, "/things?page=2", key: TestKeys.admin)))
        for (outcome, key, role, length, md5) in [(post, TestKeys.client, GameSystemKeyRole.client, 3, "kAFQmDzST7DWlj99KOF/cg=="),
                                                  (get, TestKeys.admin, .admin, 0, "1B2M2Y8AsgTpgAmY7PhCfg==")] {
            let identity = try #require(outcome.verified).identity
            #expect(identity.apiKey == key && identity.role == role && identity.bodyLength == length && identity.bodyMD5 == md5)
            let signed = try #require(identity.signedRequest)
            #expect(signed.apiKey == key && signed.contentMD5 == md5 && signed.path == "/things")
            let made = GameSystemIdentity(apiKey: key, role: role, bodyLength: length, bodyMD5: md5, signedRequest: signed)
            #expect(identity == made && made == identity && identity.hashValue == made.hashValue)
            #expect(identity != GameSystemIdentity(apiKey: key, role: nil, bodyLength: length, bodyMD5: md5, signedRequest: signed))
            #expect(identity != GameSystemIdentity(apiKey: key, role: role, bodyLength: length, bodyMD5: md5))
        }
    }

    @Test("a body declared past the limit is refused before the first byte is read")
    func declaredTooLarge() async throws {
        let verification = try Self.verification(options: .init(maxBodyBytes: 10))
        var request = try signedRequest(.post, "/things")
        request.headerFields[.contentLength] = "11"
        let read = Mutex(false)
        let outcome = try await verification.verify(request) { _ in read.withLock { $0 = true } }
        #expect(outcome.refusal?.cause == .bodyTooLarge)
        #expect(!read.withLock { $0 })
    }

    @Test("a key with two secrets during a rotation: both verify; once the old one is dropped it is a bad signature")
    func rotation() async throws {
        let rotating = try GameSystemKeyring(rotatingSecrets: [TestKeys.client: ["new-secret", "old-secret"]])
        let during = try Self.verification(keys: rotating)
        for secret in ["new-secret", "old-secret"] {
            let outcome = await during.verify(try signedRequest(.get, "/things", secret: secret), body: [])
            #expect(outcome.verified?.identity.apiKey == TestKeys.client, "\(secret)")
        }
        let after = try Self.verification(keys: try GameSystemKeyring(rotatingSecrets: [TestKeys.client: ["new-secret"]]))
        #expect(await after.verify(try signedRequest(.get, "/things", secret: "old-secret"), body: []).refusal?.cause == .badSignature)
        #expect(await during.verify(try signedRequest(.get, "/things", secret: "third"), body: []).refusal?.cause == .badSignature)
    }

    /// A provider that answers after a real suspension, counts lookups, and fails while `failing` is set.
    final class DatabaseKeys: GameSystemKeyProvider {
        struct Down: Error {}
        let lookups = Atomic(0)
        let failing = Atomic(false)

        func secrets(for apiKey: String) async throws -> GameSystemSecrets? {
            lookups.add(1, ordering: .relaxed)
            try await Task.sleep(for: .milliseconds(5))
            if failing.load(ordering: .relaxed) { throw Down() }
            guard let secret = TestKeys.secrets[apiKey] else { return nil }
            return try GameSystemSecrets(secrets: [secret])
        }
    }

    @Test("an async key provider: asked once per signed request, never for an unsigned one; when it throws, 503 and Retry-After")
    func asyncProvider() async throws {
        let keys = DatabaseKeys()
        let verification = try Self.verification(keys: keys)
        #expect(await verification.verify(try signedRequest(.get, "/things"), body: []).verified != nil)
        #expect(await verification.verify(HTTPRequest(method: .get, scheme: "http", authority: "h", path: "/"), body: []).refusal?.cause
                == .missingHeader)
        #expect(await verification.verify(try signedRequest(.get, "/things", key: "stranger", secret: "s"), body: []).refusal?.cause
                == .unknownKey)
        #expect(keys.lookups.load(ordering: .relaxed) == 2)
        keys.failing.store(true, ordering: .relaxed)
        let refusal = try #require(await verification.verify(try signedRequest(.get, "/things"), body: []).refusal)
        #expect(refusal.cause == .keyProviderUnavailable)
        #expect(refusal.status == .serviceUnavailable)
        #expect(refusal.response(now: TestKeys.now).headerFields[.retryAfter] == "1")
        #expect(!refusal.message.contains("Down"), "the provider's error stays on the server")
    }

    /// A provider whose backend stalled: it never answers, and ignores cancellation, until `release()`.
    final class StalledKeys: GameSystemKeyProvider {
        private let waiters = Mutex<[CheckedContinuation<Void, Never>]>([])
        func secrets(for apiKey: String) async throws -> GameSystemSecrets? {
            await withCheckedContinuation { continuation in waiters.withLock { $0.append(continuation) } }
            return nil
        }
        func release() { for waiter in waiters.withLock({ waiters in defer { waiters = [] }; return waiters }) { waiter.resume() } }
    }

    @Test("a key provider that never answers: 503 key-provider-unavailable at keyLookupTimeout, not a request held for ever")
    func stalledProvider() async throws {
        let keys = StalledKeys()
        defer { keys.release() }
        var options = GameSystemVerificationOptions()
        options.keyLookupTimeout = .milliseconds(200)
        let verification = try Self.verification(keys: keys, options: options)
        let clock = ContinuousClock(), started = clock.now
        let refusal = try #require(await verification.verify(try signedRequest(.post, "/things"), body: Array("{}".utf8)).refusal)
        let took = clock.now - started
        #expect(refusal.cause == .keyProviderUnavailable)
        #expect(refusal.status == .serviceUnavailable)
        #expect(took >= .milliseconds(150), "refused after \(took), before the bound")
        #expect(took < .seconds(10), "refused only after \(took)")
    }

    @Test("explanations: a bad signature from a real newline is diagnosed when on, and only then")
    func diagnosisOnAndOff() async throws {
        let keyring = try GameSystemKeyring(secrets: TestKeys.secrets)
        let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: TestKeys.client, secret: "client-secret"),
                                      separator: .newline)
        var request = HTTPRequest(method: .get, scheme: "http", authority: "h", path: "/things")
        try signer.sign(method: .get, target: "/things", body: [], date: TestKeys.now).apply(to: &request.headerFields)
        for explains in [true, false] {
            let verification = try Self.verification(keys: keyring, options: .init(explainsFailures: explains))
            let refusal = try #require(await verification.verify(request, body: []).refusal)
            #expect(refusal.cause == .badSignature)
            #expect(refusal.diagnosis?.likelyCause == (explains ? .separatorNewline : nil))
            let text = String(decoding: refusal.body, as: UTF8.self)
            #expect(text.contains("separator-newline") == explains)
            #expect(!text.contains("client-secret"))
        }
    }

    @Test("state-changing requests: the same signed POST twice is a replay; a GET is never replay-checked")
    func replay() async throws {
        let verification = try Self.verification()
        let post = try signedRequest(.post, "/things", body: Array("{}".utf8))
        #expect(await verification.verify(post, body: Array("{}".utf8)).verified != nil)
        let again = try #require(await verification.verify(post, body: Array("{}".utf8)).refusal)
        #expect(again.cause == .replayedRequest)
        #expect(again.response(now: TestKeys.now).headerFields[.retryAfter] == "1")
        let get = try signedRequest(.get, "/things")
        #expect(await verification.verify(get, body: []).verified != nil)
        #expect(await verification.verify(get, body: []).verified != nil)
    }

    @Test("Idempotency-Key: proceed, in flight (409), stored answer replayed, another request under the key (422)")
    func idempotency() async throws {
        let verification = try Self.verification(options: .init(replayStore: nil, idempotencyStore: InMemoryIdempotencyStore()))
        let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "order-1"]
        let body = Array(#"{"n":1}"#.utf8)
        let request = try signedRequest(.post, "/orders", body: body, extra: key)
        let first = try #require(await verification.verify(request, body: body).verified)
        let claim = try #require(first.idempotency)
        #expect(await verification.verify(request, body: body).refusal?.cause == .idempotencyInProgress)
        await claim.complete(status: 201, contentType: "application/json", body: Array(#"{"id":7}"#.utf8))
        guard case .answered(let head, let stored) = await verification.verify(request, body: body) else {
            Issue.record("a repeat was not answered from the store")
            return
        }
        #expect(head.status.code == 201)
        #expect(head.headerFields[HTTPField.Name("Idempotent-Replayed")!] == "true")
        #expect(stored == Array(#"{"id":7}"#.utf8))
        let other = Array(#"{"n":2}"#.utf8)
        let conflicting = try signedRequest(.post, "/orders", body: other, extra: key)
        let conflict = try #require(await verification.verify(conflicting, body: other).refusal)
        #expect(conflict.cause == .idempotencyConflict)
        #expect(conflict.status == .unprocessableContent)
    }

    @Test("an abandoned claim frees the key: the retry runs")
    func abandon() async throws {
        let verification = try Self.verification(options: .init(replayStore: nil, idempotencyStore: InMemoryIdempotencyStore()))
        let request = try signedRequest(.post, "/orders", extra: [HTTPField.Name("Idempotency-Key")!: "k"])
        let claim = try #require(await verification.verify(request, body: []).verified?.idempotency)
        await claim.abandon()
        #expect(await verification.verify(request, body: []).verified?.idempotency != nil)
    }

    @Test("an Idempotency-Key of 255 bytes is claimed; one of 256 is refused with 400, naming the limit and its length")
    func idempotencyKeyLength() async throws {
        let verification = try Self.verification(options: .init(replayStore: nil, idempotencyStore: InMemoryIdempotencyStore()))
        let longest = try signedRequest(.post, "/orders", extra: [HTTPField.Name("Idempotency-Key")!: String(repeating: "k", count: 255)])
        #expect(await verification.verify(longest, body: []).verified?.idempotency?.request.key.utf8.count == 255)
        let over = try signedRequest(.post, "/orders", extra: [HTTPField.Name("Idempotency-Key")!: String(repeating: "k", count: 256)])
        let refusal = try #require(await verification.verify(over, body: []).refusal)
        #expect(refusal.cause == .invalidIdempotencyKey)
        #expect(refusal.status == .badRequest)
        #expect(refusal.message == "Idempotency-Key must be 1 to 255 bytes, not 256")
    }

    @Test("a response over maxStoredResponseBytes is not kept, and a repeat is told so (409), never run again; one at the limit is kept")
    func storedResponseLimit() async throws {
        let verification = try Self.verification(options: .init(
            replayStore: nil, idempotencyStore: InMemoryIdempotencyStore(), maxStoredResponseBytes: 4))
        let over = try signedRequest(.post, "/orders", extra: [HTTPField.Name("Idempotency-Key")!: "over"])
        let first = try #require(await verification.verify(over, body: []).verified?.idempotency)
        #expect(first.maxStoredBytes == 4)
        await first.complete(status: 201, contentType: "text/plain", body: Array("12345".utf8))
        // The handler ran: the repeat is answered, not handed to it again.
        guard case .answered(let head, let notKept) = await verification.verify(over, body: []) else {
            Issue.record("a repeat of a request whose response was not kept ran again")
            return
        }
        #expect(head.status == .conflict && head.headerFields[HTTPField.Name("Idempotent-Replayed")!] == "true")
        #expect(String(decoding: notKept, as: UTF8.self) == #"{"error_message":"idempotency-response-not-kept: the request with "#
            + #"Idempotency-Key 'over' was applied (status 201); its response of 5 bytes was over the 4 bytes kept, so it cannot be sent again"}"#)

        let atLimit = try signedRequest(.post, "/orders", extra: [HTTPField.Name("Idempotency-Key")!: "at-limit"])
        let claim = try #require(await verification.verify(atLimit, body: []).verified?.idempotency)
        await claim.complete(status: 201, contentType: "text/plain", body: Array("1234".utf8))
        guard case .answered(_, let stored) = await verification.verify(atLimit, body: []) else {
            Issue.record("a response at the limit was not kept")
            return
        }
        #expect(stored == Array("1234".utf8))
    }
}
