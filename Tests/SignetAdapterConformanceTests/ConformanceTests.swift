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
        // 22 cases; a GET with a body, replay, idempotency replay and the two conflicts send two requests, in
        // flight three: 29 answers.
        #expect(ConformanceTable.all.count == 22)
        #expect(checked == 29)
    }

    @Test("every case but the throwing key provider answers the same with the keys in a keyring, where GETs are decided at once",
          arguments: ConformanceEnvironment.allCases)
    func tableWithKeyring(_ environment: ConformanceEnvironment) async throws {
        let cases = ConformanceTable.all.filter { $0.name != ConformanceTable.throwingProvider }
        let checked = try await ConformanceRunner.run(cases, on: environment) { explains in
            try ConformanceSetup.inMemory(explains: explains, keyring: true)
        }
        #expect(checked == 28)
    }
}
