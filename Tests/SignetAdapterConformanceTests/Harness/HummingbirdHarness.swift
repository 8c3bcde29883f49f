import HTTPTypes
import Hummingbird
import SignetHummingbird

/// The Hummingbird gatekeeper on a route group, the identity in `context.gameSystemIdentity`.
enum HummingbirdHarness {
    struct EchoContext: GameSystemRequestContext {
        var coreContext: CoreRequestContextStorage
        var gameSystemIdentity: GameSystemIdentity?
        init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    }

    static func start(_ setup: ConformanceSetup) async throws -> RunningServer {
        let router = Router(context: EchoContext.self)
        let client = router.group(":tenant/client")
            .add(middleware: GameSystemVerificationMiddleware<EchoContext>(verification: setup.verification))
        for method in [HTTPRequest.Method.get, .post, .put] {
            client.on("echo", method: method) { request, context in
                let body = try await request.body.collect(upTo: .max)
                let (status, json) = EchoAnswer.handle(frameworkKey: context.gameSystemIdentity?.apiKey,
                                                       body: Array(body.readableBytesView))
                return Response(status: .init(code: status),
                                headers: [.contentType: "application/json", EchoAnswer.methodField: request.method.rawValue],
                                body: ResponseBody(byteBuffer: ByteBuffer(bytes: json)))
            }
        }
        return try await HummingbirdServing.start(router)
    }
}
