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

    /// Opens a session; `needsAdmin` makes missing admin credentials an error up front.
    static func open(_ options: ServiceOptions, needsAdmin: Bool) async throws -> GameSystemSession {
        let settings = try Settings.load(options)
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
                adminCredentials: admin, transport: AsyncHTTPClientTransport())
            return GameSystemSession(client: client, server: nil, baseURL: baseURL)
        }
        let server = try await ReferenceServer.start()
        let client = GameSystemClient(
            baseURL: server.baseURL, tenant: DemoCredentials.tenant, player: DemoCredentials.player,
            clientCredentials: try GameSystemCredentials(apiKey: DemoCredentials.clientKey, secret: DemoCredentials.clientSecret),
            adminCredentials: try GameSystemCredentials(apiKey: DemoCredentials.adminKey, secret: DemoCredentials.adminSecret),
            transport: AsyncHTTPClientTransport())
        return GameSystemSession(client: client, server: server, baseURL: server.baseURL)
    }

    /// Stops the embedded server, if any.
    func close() async {
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
