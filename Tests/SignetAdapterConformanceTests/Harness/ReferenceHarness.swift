import SignetServer

/// The reference server, its signed echo route given the setup's keys, `Idempotency-Key` store and limit
/// (its replay store is its own, in memory), on the setup's fixed clock.
enum ReferenceHarness {
    static func start(_ setup: ConformanceSetup) async throws -> RunningServer {
        var configuration = ReferenceServerConfiguration(clock: { ConformanceSetup.now }, logger: ConformanceEnvironment.quiet)
        configuration.explainsFailures = setup.explains
        configuration.signedEcho = SignedEchoVerification(
            keys: setup.keys, idempotencyStore: setup.idempotency, maxBodyBytes: setup.bodyLimit)
        let server = try await ReferenceServer.start(configuration)
        return RunningServer(baseURL: server.baseURL) { await server.stop() }
    }
}
