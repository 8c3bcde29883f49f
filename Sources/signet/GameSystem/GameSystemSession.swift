import Foundation
import Signet
import SignetGameSystem
import SignetServer

/// A GameSystem client ready to use: against a base URL with credentials from the environment, config
/// or secret files, or against the embedded reference server with its demo credentials.
struct GameSystemSession {
    let client: GameSystemClient
    let connection: ServiceConnection

    /// The embedded server, when one was started.
    var server: ReferenceServer? { connection.server }
    /// Where requests go, for messages.
    var baseURL: URL { connection.baseURL }

    /// Runs `body` with a session; `needsAdmin` makes missing admin credentials an error up front.
    static func with<T>(
        _ options: ServiceOptions, needsAdmin: Bool, _ body: (GameSystemSession) async throws -> T
    ) async throws -> T {
        try await ServiceConnection.with(options) { connection in
            try await body(GameSystemSession(client: makeClient(connection, needsAdmin: needsAdmin), connection: connection))
        }
    }

    private static func makeClient(_ connection: ServiceConnection, needsAdmin: Bool) throws -> GameSystemClient {
        guard connection.server == nil else {
            return GameSystemClient(
                baseURL: connection.baseURL, tenant: DemoCredentials.tenant, player: DemoCredentials.player,
                clientCredentials: try GameSystemCredentials(apiKey: DemoCredentials.clientKey, secret: DemoCredentials.clientSecret),
                adminCredentials: try GameSystemCredentials(apiKey: DemoCredentials.adminKey, secret: DemoCredentials.adminSecret),
                transport: connection.transport)
        }
        let settings = connection.settings
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
        return GameSystemClient(
            baseURL: connection.baseURL, tenant: settings.tenant, player: settings.player,
            clientCredentials: try GameSystemCredentials(apiKey: clientKey, secret: clientSecret),
            adminCredentials: admin, transport: connection.transport)
    }
}
