import Foundation
import Testing

/// The one table of verification cases, against every adapter and the reference server over real sockets
/// on 127.0.0.1, with the same expected answers.
@Suite("Adapter conformance: one table, every adapter and the reference server")
struct ConformanceTests {
    @Test("every case answers the same on each environment (stores in memory)", arguments: ConformanceEnvironment.allCases)
    func table(_ environment: ConformanceEnvironment) async throws {
        let checked = try await ConformanceRunner.run(ConformanceTable.all, on: environment) { explains in
            try ConformanceSetup.inMemory(explains: explains)
        }
        // 19 cases; replay, idempotency replay and conflict send two requests, in flight three: 24 answers.
        #expect(ConformanceTable.all.count == 19)
        #expect(checked == 24)
    }
}
