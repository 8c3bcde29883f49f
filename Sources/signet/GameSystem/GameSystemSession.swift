import AsyncHTTPClient
import Foundation
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetServer

/// A GameSystem client ready to use: against `--base-url` with credentials from the environment, config
/// or secret files, or against an embedded reference server with its demo credentials.
struct GameSystemSession {
    let client: GameSystemClient
    /// The embedded server, when one was started; stopped by ``close()``.
    let server: ReferenceServer?
    /// Where requests go, for messages.
    let baseURL: URL
    /// The HTTP client behind the transport; shut down by ``close()``.
    let http: HTTPClient

    /// A refused or unreachable server should fail in seconds, not after AsyncHTTPClient's default
    /// 10 s connect timeout on each of the retry middleware's attempts.
    static func makeHTTPClient() -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(2), read: .seconds(30))
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Opens a session; `needsAdmin` makes missing admin credentials an error up front.
    static func open(_ options: ServiceOptions, needsAdmin: Bool) async throws -> GameSystemSession {
        let settings = try Settings.load(options)
        let http = makeHTTPClient()
        do {
            return try await open(settings, http: http, needsAdmin: needsAdmin)
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    private static func open(_ settings: Settings, http: HTTPClient, needsAdmin: Bool) async throws -> GameSystemSession {
        if let baseURL = settings.baseURL {
            guard let clientKey = settings.clientKey else {
                throw CommandFailure("no client key: set SIGNET_CLIENT_KEY (or client_key in the config file)")
            }
            let clientSecret = try SecretSource.read(
                file: settings.clientSecretFile, variable: "SIGNET_CLIENT_SECRET", purpose: "client secret")
            var admin: GameSystemCredentials?
            if needsAdmin {
                guard let adminKey = settings.adminKey else {
                    throw CommandFailure("no admin key: set SIGNET_ADMIN_KEY (or admin_key in the config file)")
                }
                let adminSecret = try SecretSource.read(
                    file: settings.adminSecretFile, variable: "SIGNET_ADMIN_SECRET", purpose: "admin secret")
                admin = try GameSystemCredentials(apiKey: adminKey, secret: adminSecret)
            }
            let client = GameSystemClient(
                baseURL: baseURL, tenant: settings.tenant, player: settings.player,
                clientCredentials: try GameSystemCredentials(apiKey: clientKey, secret: clientSecret),
                adminCredentials: admin, transport: AsyncHTTPClientTransport(client: http))
            return GameSystemSession(client: client, server: nil, baseURL: baseURL, http: http)
        }
        let server = try await ReferenceServer.start()
        let client = GameSystemClient(
            baseURL: server.baseURL, tenant: DemoCredentials.tenant, player: DemoCredentials.player,
            clientCredentials: try GameSystemCredentials(apiKey: DemoCredentials.clientKey, secret: DemoCredentials.clientSecret),
            adminCredentials: try GameSystemCredentials(apiKey: DemoCredentials.adminKey, secret: DemoCredentials.adminSecret),
            transport: AsyncHTTPClientTransport(client: http))
        return GameSystemSession(client: client, server: server, baseURL: server.baseURL, http: http)
    }

    /// Shuts the HTTP client down and stops the embedded server, if any.
    func close() async {
        try? await http.shutdown()
        await server?.stop()
    }

    /// Runs `body` with an open session and always closes it.
    static func with<T>(
        _ options: ServiceOptions, needsAdmin: Bool, _ body: (GameSystemSession) async throws -> T
    ) async throws -> T {
        let session = try await open(options, needsAdmin: needsAdmin)
        do {
            let result = try await body(session)
            await session.close()
            return result
        } catch {
            await session.close()
            throw error
        }
    }
}
