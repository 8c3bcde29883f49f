import Foundation
import PostgresNIO
import SignetPostgres
import Testing

/// The table's stateful cases (replay, idempotency proceed, replay, in flight and conflict) with the stores on
/// PostgreSQL, for every adapter: a fresh database each.
@Suite("Adapter conformance on PostgreSQL stores", .serialized,
       .enabled(if: PostgresTestDatabase.enabled, PostgresTestDatabase.skipReason))
struct PostgresConformanceTests {
    @Test("the stateful cases answer the same with PostgresReplayStore and PostgresIdempotencyStore",
          arguments: ConformanceEnvironment.adapters)
    func statefulCases(_ environment: ConformanceEnvironment) async throws {
        try await PostgresTestDatabase.with { client in
            let logger = ConformanceEnvironment.quiet
            try await PostgresReplayStore.migrate(client: client, logger: logger)
            try await PostgresIdempotencyStore.migrate(client: client, logger: logger)
            let cases = ConformanceTable.stateful
            #expect(cases.count == 5)
            let checked = try await ConformanceRunner.run(cases, on: environment) { explains in
                ConformanceSetup(
                    keys: try ConformanceKeys(), replays: PostgresReplayStore(client: client, logger: logger),
                    idempotency: GatedIdempotencyStore(PostgresIdempotencyStore(client: client, logger: logger)),
                    explains: explains)
            }
            #expect(checked == 11)
        }
    }
}
