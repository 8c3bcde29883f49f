import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import SignetTrivia

/// `GET /trivia/jokers?user=…` → `{"user","jokers"}`, and `/trivia/play?user=…`: the game over a
/// WebSocket (the upgrade itself is decided by ``upgrade(_:channel:faults:date:)``, which
/// ``ReferenceServer`` plugs into its HTTP/1 channel; a plain `GET` gets 400 or 426 here).
struct TriviaService: ReferenceService {
    let configuration: ReferenceServerConfiguration
    /// The joker store and the current game, shared by the REST route and every socket.
    let hall: TriviaHall

    init(configuration: ReferenceServerConfiguration) {
        self.configuration = configuration
        self.hall = TriviaHall(configuration: configuration.trivia, clock: TriviaGameClock(reading: configuration.clock))
    }

    func register(on router: Router<ReferenceRequestContext>, environment: ReferenceEnvironment) {
        let hall = self.hall
        router.get("trivia/jokers") { request, _ -> Response in
            let user = request.uri.queryParameters["user"].map(String.init)
            if let problem = TriviaUserName.problem(with: user) { return JSONResponse.error(.badRequest, message: problem) }
            let body = TriviaJokersResponse(user: user ?? "", jokers: await hall.jokers(for: user ?? "")).jsonText
            return JSONResponse.make(bytes: Array(body.utf8), status: .ok)
        }
        router.get("trivia/play") { request, _ -> Response in
            let user = request.uri.queryParameters["user"].map(String.init)
            if let problem = TriviaUserName.problem(with: user) { return JSONResponse.error(.badRequest, message: problem) }
            return JSONResponse.error(HTTPResponse.Status(code: 426, reasonPhrase: "Upgrade Required"),
                                      message: "/trivia/play is a WebSocket: send a WebSocket upgrade request")
        }
    }

    /// The valid user of a `/trivia/play` request, or nil when the request is for another path or
    /// names no valid user (the router then answers it as plain HTTP).
    static func playUser(_ request: HTTPRequest) -> String? {
        let uri = URI(request.path ?? "")
        guard uri.path == "/trivia/play", let user = uri.queryParameters["user"].map(String.init),
              TriviaUserName.problem(with: user) == nil
        else { return nil }
        return user
    }
}
