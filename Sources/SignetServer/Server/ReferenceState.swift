import Foundation
import Logging
import PostgresNIO
import SignetHummingbird
import SignetPostgres

/// Where a reference server keeps the state that several instances would have to share: in memory, or in
/// PostgreSQL (the client pool runs in a task of its own, from start to stop).
struct ReferenceState: Sendable {
    /// Accepted state-changing requests, for replay refusal (on PostgreSQL the GameSystem routes claim theirs
    /// in their own statements; the other signed routes use this store).
    let replays: any ReplayStore
    /// Players, points, achievements, avatars and event idempotency records.
    let gameSystem: any GameSystemStore
    private let postgres: Task<Void, Never>?

    /// In memory, or on the configuration's PostgreSQL (tables created or migrated, seed players added).
    static func open(_ configuration: ReferenceServerConfiguration, address: String) async throws -> ReferenceState {
        let tenants = GameSystemSeed.tenants(extraPlayers: configuration.extraPlayers)
        guard let url = configuration.postgresURL else {
            return ReferenceState(
                replays: InMemoryReplayStore(capacity: configuration.replayCapacity, perKeyCapacity: configuration.replayQuotaPerKey),
                gameSystem: GameSystemState(tenants: tenants, idempotencyLifetime: configuration.idempotencyLifetime,
                                            idempotencyCapacity: configuration.idempotencyCapacity,
                                            idempotencyQuotaPerKey: configuration.idempotencyQuotaPerKey),
                postgres: nil)
        }
        var postgresConfiguration: PostgresClient.Configuration
        do {
            postgresConfiguration = try PostgresConnectionURL.configuration(url)
        } catch {
            throw ReferenceServerError(address: address, reason: error.description)
        }
        postgresConfiguration.options.maximumConnections = max(1, configuration.postgresPoolSize)
        let client = PostgresClient(configuration: postgresConfiguration, backgroundLogger: configuration.logger)
        let running = Task { await client.run() }
        do {
            try await PostgresGameSystemSchema.prepare(client: client, tenants: tenants, logger: configuration.logger)
        } catch {
            running.cancel()
            _ = await running.result
            let place = "\(postgresConfiguration.host ?? "?"):\(postgresConfiguration.port.map(String.init) ?? "?")"
            throw ReferenceServerError(address: address, reason: "PostgreSQL at \(place) could not be prepared: \(error)")
        }
        return ReferenceState(
            replays: PostgresReplayStore(client: client, logger: configuration.logger),
            gameSystem: PostgresGameSystemStore(client: client, tenants: tenants,
                                                idempotencyLifetime: configuration.idempotencyLifetime,
                                                poolWait: configuration.postgresPoolWait, logger: configuration.logger),
            postgres: running)
    }

    /// Stops the database pool, if any.
    func close() async {
        postgres?.cancel()
        _ = await postgres?.result
    }
}
