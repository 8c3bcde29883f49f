import Foundation
import SignetGameSystem
import SignetServer
import SignetVerification

/// What every environment of the table is started with: the same keys, stores, limit and explanations.
struct ConformanceSetup: Sendable {
    /// The API key whose provider lookup throws (the database behind it is "down").
    static let flakyKey = "flaky-client"
    /// The tenant in every path.
    static let tenant = DemoCredentials.tenant
    /// The route every case calls.
    static let echoPath = "/\(tenant)/client/echo"
    /// The largest body accepted: small, so the 413 cases send little.
    static let maxBodyBytes = 1024
    /// The one instant every request is signed at and every server's clock reads. The cases test causes, not
    /// timing: a fixed clock keeps them right however long a loaded machine holds a request between signing
    /// and verification (a CI run once held one for 23 s, and an accepted case came back `date-outside-window`).
    static let now = Date()

    /// The demo keys (`demo-client` a client, `demo-admin` an admin) and ``flakyKey``.
    let keys: any GameSystemKeyProvider
    /// Remembers accepted state-changing requests.
    let replays: any ReplayStore
    /// Keeps `Idempotency-Key` answers; holds a request whose key is ``GatedIdempotencyStore/gatedKey``.
    let idempotency: GatedIdempotencyStore
    /// Whether refused signatures carry a diagnosis.
    let explains: Bool
    /// Whether the adapters keep the body for the route (the default) or only hash it as it streams. The
    /// reference server's echo route keeps none either way.
    var keepsBody = true
    /// The largest body accepted (``maxBodyBytes`` unless a test needs room for a large one).
    var bodyLimit = ConformanceSetup.maxBodyBytes

    /// In memory. With `keyring`, the keys are a ``GameSystemKeyring``: a safe bodiless request can then be
    /// verified without suspending, and every adapter does (Vapor on its event loop, Hummingbird and OpenAPI
    /// without reading an empty body); ``flakyKey`` is then unknown.
    static func inMemory(explains: Bool, keyring: Bool = false) throws -> ConformanceSetup {
        let keys = try ConformanceKeys()
        return ConformanceSetup(keys: keyring ? keys.keyring as any GameSystemKeyProvider : keys, replays: InMemoryReplayStore(),
                                idempotency: GatedIdempotencyStore(InMemoryIdempotencyStore()), explains: explains)
    }

    /// The roles of the demo keys.
    static let roles: [String: GameSystemKeyRole] = [
        DemoCredentials.clientKey: .client, DemoCredentials.adminKey: .admin, flakyKey: .client,
    ]

    /// The options every adapter verifies with: client keys only, as the reference server's echo route.
    var options: GameSystemVerificationOptions {
        GameSystemVerificationOptions(
            keyRoles: Self.roles, acceptedRoles: [.client], replayStore: replays, idempotencyStore: idempotency,
            maxBodyBytes: bodyLimit, keepsBody: keepsBody, explainsFailures: explains, clock: { Self.now },
            logger: ConformanceEnvironment.quiet)
    }

    /// The pipeline every adapter runs.
    var verification: GameSystemVerification {
        GameSystemVerification(keys: keys, options: options)
    }
}

/// The demo keyring behind an `async` provider that throws for ``ConformanceSetup/flakyKey``.
struct ConformanceKeys: GameSystemKeyProvider {
    struct Unavailable: Error {}
    let keyring: GameSystemKeyring

    init() throws {
        keyring = try GameSystemKeyring(secrets: [
            DemoCredentials.clientKey: DemoCredentials.clientSecret, DemoCredentials.adminKey: DemoCredentials.adminSecret,
        ])
    }

    func secrets(for apiKey: String) async throws -> GameSystemSecrets? {
        if apiKey == ConformanceSetup.flakyKey { throw Unavailable() }
        return try await keyring.secrets(for: apiKey)
    }
}
