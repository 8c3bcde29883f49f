import Hummingbird

/// The trivia jokers route and WebSocket game (filled in by the trivia work).
struct TriviaService: ReferenceService {
    let configuration: ReferenceServerConfiguration

    func register(on router: Router<ReferenceRequestContext>, environment: ReferenceEnvironment) {}
}
