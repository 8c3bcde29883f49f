import Foundation
import Logging
import Signet
import SignetAsyncHTTPClient
import SignetGameSystem
import SignetServer

/// What the example executables share: a GameSystem client against `SIGNET_BASE_URL` with keys and
/// secrets from the environment, or against an embedded reference server with its demo credentials.
public struct ExampleGameSystem: Sendable {
    /// The client to use, bound to the player.
    public let client: GameSystemPlayerClient
    /// The embedded server, when one was started.
    public let server: ReferenceServer?

    /// Connects as the environment says (`SIGNET_BASE_URL`, `SIGNET_TENANT`, `SIGNET_PLAYER`,
    /// `SIGNET_CLIENT_KEY`/`SIGNET_CLIENT_SECRET`, `SIGNET_ADMIN_KEY`/`SIGNET_ADMIN_SECRET`).
    public static func connect(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> ExampleGameSystem {
        guard let base = environment["SIGNET_BASE_URL"], !base.isEmpty else {
            let server = try await ReferenceServer.start()
            let client = GameSystemClient(
                baseURL: server.baseURL, tenant: DemoCredentials.tenant,
                credentials: try GameSystemCredentials(apiKey: DemoCredentials.clientKey, secret: DemoCredentials.clientSecret),
                adminCredentials: try GameSystemCredentials(apiKey: DemoCredentials.adminKey, secret: DemoCredentials.adminSecret),
                transport: SignetAsyncHTTPClientTransport()
            ).forPlayer(DemoCredentials.player)
            return ExampleGameSystem(client: client, server: server)
        }
        func required(_ name: String) throws -> String {
            guard let value = environment[name], !value.isEmpty else { throw ExampleError("set \(name) (SIGNET_BASE_URL is set)") }
            return value
        }
        guard let url = URL(string: base) else { throw ExampleError("SIGNET_BASE_URL is not a URL") }
        let client = GameSystemClient(
            baseURL: url, tenant: environment["SIGNET_TENANT"] ?? "acme",
            credentials: try GameSystemCredentials(apiKey: required("SIGNET_CLIENT_KEY"), secret: required("SIGNET_CLIENT_SECRET")),
            adminCredentials: try GameSystemCredentials(apiKey: required("SIGNET_ADMIN_KEY"), secret: required("SIGNET_ADMIN_SECRET")),
            transport: SignetAsyncHTTPClientTransport()
        ).forPlayer(environment["SIGNET_PLAYER"] ?? "ann")
        return ExampleGameSystem(client: client, server: nil)
    }

    /// Posts `event` and prints what it awarded; stops an embedded server afterwards.
    public func post(_ event: String) async throws {
        do {
            try await report(event)
            await server?.stop()
        } catch {
            await server?.stop()
            throw error
        }
    }

    private func report(_ event: String) async throws {
        let before = try await client.player()
        let result = try await client.postExternalEvent(event, idempotencyKey: UUID().uuidString)
        let after = try await client.player()
        let progress = PlayerProgress(before: before, after: after)
        print("\(event): \(result.message)")
        print("points: \(before.totalPoints) → \(after.totalPoints) (+\(progress.totalPointsDelta))")
        for achievement in progress.newAchievements { print("achievement unlocked: \(achievement.name)") }
    }
}

/// A setup problem the example explains.
public struct ExampleError: Error, CustomStringConvertible {
    /// What to do.
    public let description: String
    /// Creates the error.
    public init(_ description: String) { self.description = description }
}

/// Logging for the examples: stderr, `warning` and above unless `SIGNET_LOG_LEVEL` says otherwise.
public enum ExampleLogging {
    /// Call once at start.
    public static func bootstrap() {
        let level = ProcessInfo.processInfo.environment["SIGNET_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
