import Foundation
import Signet
import SignetGameSystem
import SignetServer

/// A GameSystem client ready to use: against a base URL with credentials from the environment, config
/// or secret files, or against the embedded reference server with its demo credentials.
struct GameSystemSession {
    /// The client, bound to the session's player.
    let client: GameSystemPlayerClient
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

    private static func makeClient(_ connection: ServiceConnection, needsAdmin: Bool) throws -> GameSystemPlayerClient {
        let (client, admin) = try credentials(connection, needsAdmin: needsAdmin)
        return GameSystemClient(
            baseURL: connection.baseURL, tenant: tenant(connection), credentials: client, adminCredentials: admin,
            transport: connection.transport
        ).forPlayer(player(connection))
    }

    /// The tenant: the demo one for the embedded server, else the settings'.
    static func tenant(_ connection: ServiceConnection) -> String {
        connection.server == nil ? connection.settings.tenant : DemoCredentials.tenant
    }

    /// The player: the demo one for the embedded server, else the settings'.
    static func player(_ connection: ServiceConnection) -> String {
        connection.server == nil ? connection.settings.player : DemoCredentials.player
    }

    /// The client credentials (and the admin ones when `needsAdmin`): the demo keys for the embedded
    /// server, else from the environment, config and secret files.
    static func credentials(
        _ connection: ServiceConnection, needsAdmin: Bool
    ) throws -> (client: GameSystemCredentials, admin: GameSystemCredentials?) {
        guard connection.server == nil else {
            return (try GameSystemCredentials(apiKey: DemoCredentials.clientKey, secret: DemoCredentials.clientSecret),
                    try GameSystemCredentials(apiKey: DemoCredentials.adminKey, secret: DemoCredentials.adminSecret))
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
        return (try GameSystemCredentials(apiKey: clientKey, secret: clientSecret), admin)
    }
}
