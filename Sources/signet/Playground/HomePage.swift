import Hummingbird

/// `/`: what the playground is, where it sends requests, and a tile for each service.
struct HomePage {
    let routes: PlaygroundRoutes

    static let tiles: [(path: String, title: String, text: String)] = [
        ("/gamesystem", "GameSystem", "The player card: Magic points, the Rainbow achievement, an avatar to dress."),
        ("/worlds", "Worlds", "Log in to the Lords & Knights login server and see its worlds."),
        ("/puzzles", "Puzzles", "A word search: point at a word's first and last letters."),
        ("/conditions", "Conditions", "Rollout conditions as pseudocode, and a tester for them."),
        ("/trivia", "Trivia", "A live quiz over WebSocket, with a joker and a final screen."),
    ]

    func register(on router: Router<PlaygroundRoutes.Context>) {
        router.get("/") { _, _ in
            await routes.page("Signet playground", section: nil) {
                let upstream = routes.upstream.embedded
                    ? "the embedded reference server at \(routes.upstream.baseURL.absoluteString)"
                    : routes.upstream.baseURL.absoluteString
                let tiles = Self.tiles.map { (tile) -> String in
                    "<a class=\"tile\" href=\"\(tile.path)\"><h2>\(tile.title)</h2><p>\(tile.text)</p></a>"
                }.joined()
                return PlaygroundPage(title: "Signet playground", section: nil, body: """
                    <p>Requests go to <strong id="upstream">\(HTML.escape(upstream))</strong>. The browser talks only to this
                    playground, which signs on the server side: a backend-for-frontend.</p>
                    <div class="tiles">\(tiles)</div>
                    """)
            }
        }
    }
}
