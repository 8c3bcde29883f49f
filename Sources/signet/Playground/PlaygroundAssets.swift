import Hummingbird

/// The static files: the stylesheet and the two scripts, compiled into the binary as strings (no
/// resources to find at run time, no JavaScript build step, nothing from the internet).
enum PlaygroundAssets {
    static func register(on router: Router<PlaygroundRoutes.Context>, recorder: ResponseRecorder?) {
        let files: [(path: String, type: String, body: String)] = [
            ("/static/playground.css", "text/css; charset=utf-8", PlaygroundStyle.css),
            ("/static/playground.js", "text/javascript; charset=utf-8", PlaygroundScript.javascript),
            ("/static/trivia.js", "text/javascript; charset=utf-8", TriviaScript.javascript),
        ]
        for file in files {
            router.get(RouterPath(file.path)) { _, _ in
                PlaygroundResponse.make(status: .ok, contentType: file.type, body: file.body, recorder: recorder,
                                        cache: "no-cache")
            }
        }
    }
}
