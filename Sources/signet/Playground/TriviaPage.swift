import Hummingbird
import HummingbirdWebSocket
import SignetTrivia

/// `/trivia`: the quiz in the browser. The page's script opens `/trivia/socket?user=…` on the playground,
/// and ``TriviaRelay`` plays the real game upstream for it: the browser needs no credentials and never
/// speaks the trivia protocol itself; it draws the views the relay sends.
struct TriviaPage {
    let routes: PlaygroundRoutes
    static let title = "Trivia", section = "/trivia"

    func register(on router: Router<PlaygroundRoutes.Context>) {
        router.get("/trivia") { _, _ in
            await routes.page(Self.title, section: Self.section) {
                PlaygroundPage(title: Self.title, section: Self.section, body: body)
            }
        }
        router.ws("/trivia/socket") { inbound, outbound, context in
            let user = FormFields(context.request.uri.query ?? "")["user"] ?? ""
            await TriviaRelay(upstream: routes.upstream, recorder: routes.recorder, user: user)
                .run(inbound: inbound, outbound: outbound)
        }
    }

    private var body: String {
        let opponents = routes.upstream.embedded
            ? "Two scripted opponents (\(TriviaOpponents.roster.prefix(PlaygroundTrivia.opponents).map(\.name).joined(separator: " and "))) "
                + "join you on the embedded server."
            : "Other players join from their own browsers or terminals."
        return """
            <div id="trivia">
            <form id="join-form">
            <label>Play as<input type="text" name="user" id="user" value="ann" maxlength="\(TriviaUserName.maxBytes)" required></label>
            <button id="join">Join the game</button>
            </form>
            <p class="hint">ann and bob own a joker. \(HTML.escape(opponents))</p>
            <section id="game" hidden>
            <p>Score <strong id="score">0</strong> · Jokers <strong id="jokers">0</strong></p>
            <p id="trivia-status" role="status"></p>
            <p class="viewer-banner" id="viewer-banner" hidden>Viewer mode: you watch the rest of the game; answers are closed to you.</p>
            <div id="screen-waiting" hidden><p>Waiting for the game to start…</p></div>
            <div id="screen-question" hidden>
            <p><span id="question-number"></span> · <span class="countdown" id="countdown"></span></p>
            <p class="trivia-question" id="question-text"></p>
            <div class="choices" id="choices"></div>
            </div>
            <div class="joker" id="joker-offer" hidden><p>Wrong answer. Use your joker to stay a player?</p>
            <button type="button" id="use-joker">Use the joker</button>
            <button type="button" id="decline-joker" class="secondary">No, watch as a viewer</button></div>
            <div id="screen-final" hidden><h2>Final standings</h2>
            <table><thead><tr><th>Rank</th><th>Player</th><th>Score</th><th>Role</th></tr></thead><tbody id="standings"></tbody></table>
            <p><a class="button" href="/trivia" id="play-again">Play again</a></p></div>
            <div id="screen-error" hidden><p class="problem" id="error-text"></p></div>
            </section>
            </div>
            <script src="/static/trivia.js" defer></script>
            """
    }
}
