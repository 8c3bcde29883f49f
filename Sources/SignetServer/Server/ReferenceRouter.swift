import Hummingbird

/// Assembles the reference server's router from its services.
enum ReferenceRouter {
    /// Every service the server offers. A new protocol adds its service here (and its files in its folder).
    static func services(_ configuration: ReferenceServerConfiguration, gameSystem: any GameSystemStore) -> [any ReferenceService] {
        [
            GameSystemService(state: gameSystem),
            ConditionsService(),
            WorldsService(),
            PuzzlesService(configuration: configuration),
            TriviaService(configuration: configuration),
            EchoService(),
        ]
    }

    /// A router with the JSON error middleware first, then every service's routes.
    static func build(services: [any ReferenceService], environment: ReferenceEnvironment) -> RouterResponder<ReferenceRequestContext> {
        let router = Router(context: ReferenceRequestContext.self)
        router.add(middleware: ErrorResponseMiddleware())
        for service in services {
            service.register(on: router, environment: environment)
        }
        return router.buildResponder()
    }
}
