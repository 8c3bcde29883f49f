import Foundation
import Hummingbird
import SignetPuzzles

/// The word search's start screen (`/puzzles`: the title, the games in progress from SQLite, New Game and
/// Credits), its settings form (`/puzzles/new`, built from the server's `/capabilities`, so a direction the
/// server lacks is not offered), and starting a game (`POST /puzzles`).
struct PuzzlePages {
    let routes: PlaygroundRoutes
    static let title = "Word search", section = "/puzzles"

    func register(on router: Router<PlaygroundRoutes.Context>) {
        router.get("/puzzles") { _, _ in
            await routes.page(Self.title, section: Self.section) { try await start() }
        }
        router.get("/puzzles/credits") { _, _ in
            await routes.page("Credits", section: Self.section) {
                PlaygroundPage(title: "Credits", section: Self.section, body: Self.credits)
            }
        }
        router.get("/puzzles/new") { _, _ in
            await routes.page("New game", section: Self.section) {
                PlaygroundPage(title: "New game", section: Self.section,
                               body: Self.settingsForm(try await routes.upstream.puzzles.capabilities(), values: FormFields(""), token: routes.token))
            }
        }
        router.post("/puzzles") { request, _ in
            let fields = (try? await PlaygroundRoutes.form(request)) ?? FormFields("")
            do {
                let id = try await create(fields)
                return PlaygroundResponse.redirect(to: "/puzzles/play?" + HTML.query([("id", id)]), recorder: routes.recorder)
            } catch {
                // The form again, with what was entered and what was wrong with it.
                return await routes.page("New game", section: Self.section) {
                    let problem = PlaygroundProblem(error, upstream: routes.upstream.baseURL)
                    let form = (try? await routes.upstream.puzzles.capabilities()).map { Self.settingsForm($0, values: fields, token: routes.token) } ?? ""
                    return PlaygroundPage(title: "New game", section: Self.section, body: form, problem: problem,
                                          canonicalPath: "/puzzles/new", status: problem.status)
                }
            }
        }
    }

    private func start() async throws -> PlaygroundPage {
        let games = try await routes.upstream.store.get().games(.inProgress)
        let list = games.isEmpty ? "<p id=\"no-games\">No game in progress.</p>" : "<ul id=\"games\">" + games.map { (game) -> String in
            """
            <li><a href="/puzzles/play?\(HTML.query([("id", game.puzzleID)]))">\(HTML.escape(game.puzzleID))</a> — \
            \(game.width)×\(game.height), \(game.foundCount) of \(game.wordCount) words found, started \(PuzzleDates.short(game.startedAt))</li>
            """
        }.joined() + "</ul>"
        return PlaygroundPage(title: Self.title, section: Self.section, body: """
            <p>Hidden words run along rows, columns and diagonals. Point at a word: its first letter, then its last.</p>
            <div class="actions"><a class="button" id="new-game" href="/puzzles/new">New Game</a>
            <a class="button secondary" id="credits" href="/puzzles/credits">Credits</a></div>
            <h2>In progress</h2>
            \(list)
            """)
    }

    /// Asks the server for a puzzle with the posted settings, saves it, and returns its id.
    private func create(_ fields: FormFields) async throws -> String {
        let settings = PuzzleSettings(
            width: try PlaygroundRoutes.number(fields, "width", label: "Width"),
            height: try PlaygroundRoutes.number(fields, "height", label: "Height"),
            words: try PlaygroundRoutes.number(fields, "words", label: "Words"),
            minLength: try PlaygroundRoutes.number(fields, "min", label: "Shortest word"),
            maxLength: try PlaygroundRoutes.number(fields, "max", label: "Longest word"),
            capabilities: fields.all("capability"))
        guard !settings.capabilities.isEmpty else { throw PlaygroundProblem.badInput("Choose at least one direction.") }
        let client = routes.upstream.puzzles
        let store = try routes.upstream.store.get()
        do {
            let received = try await client.puzzle(settings, offered: try await client.capabilities())
            try await store.save(received.puzzle, settings: settings)
            return received.puzzle.id
        } catch let error as PuzzlesClientError {
            switch error {
            case .invalidSettings(let problem): throw PlaygroundProblem.badInput("These settings cannot work: \(problem).")
            case .refused(let reason): throw PlaygroundProblem.badInput("The server refused these settings: \(reason).")
            default: throw PlaygroundProblem(kind: .upstream, message: "The server's puzzle cannot be used: \(error).")
            }
        }
    }

    /// The settings form: sizes, and one checkbox per direction the server offers (all checked at first).
    static func settingsForm(_ offered: ServerCapabilities, values: FormFields, token: FormToken) -> String {
        func number(_ name: String, _ label: String, _ fallback: Int, _ range: ClosedRange<Int>) -> String {
            let value = values[name].flatMap { Int($0) } ?? fallback
            return "<label>\(label)<input type=\"number\" name=\"\(name)\" id=\"\(name)\" value=\"\(value)\" "
                + "min=\"\(range.lowerBound)\" max=\"\(range.upperBound)\" required></label>"
        }
        let chosen = values.all("capability")
        let boxes = offered.offered.capabilities.map { (capability) -> String in
            let checked = chosen.isEmpty || chosen.contains(capability.keyword) ? " checked" : ""
            return "<label><input type=\"checkbox\" name=\"capability\" id=\"capability-\(HTML.escape(capability.keyword))\" "
                + "value=\"\(HTML.escape(capability.keyword))\"\(checked)> \(HTML.escape(capability.name)) — "
                + "\(HTML.escape(capability.description))</label>"
        }.joined(separator: "<br>")
        let warnings = offered.warnings.map { (warning) -> String in "<p class=\"hint\">\(HTML.escape(warning.description))</p>" }.joined()
        return """
            <form method="post" action="/puzzles" id="settings-form">\(token.field)
            \(number("width", "Width", 10, 1...64))\(number("height", "Height", 10, 1...64))\(number("words", "Words", 6, 1...100))\
            \(number("min", "Shortest word", 3, 2...64))\(number("max", "Longest word", 7, 2...64))
            <fieldset id="directions"><legend>Directions (from the server's /capabilities)</legend>\(boxes)</fieldset>
            \(warnings)
            <button id="start-game">Start the game</button>
            </form>
            """
    }

    static let credits = """
        <p>The word search is seed 001 of the Signet project: an iOS task turned into an SDK, a terminal game
        (<code>signet puzzle play</code>) and this page.</p>
        <ul>
        <li>Puzzles come from the puzzle service's <code>POST /puzzle</code>; the reference server generates them.</li>
        <li>Every word is checked letter by letter against the grid before it is kept, and every find is checked again.</li>
        <li>Games are kept in SQLite through GRDB, shared with <code>signet puzzle</code>.</li>
        <li>Served by Hummingbird; no script or style comes from anywhere but this playground.</li>
        </ul>
        <p><a href="/puzzles">Back to the start screen</a></p>
        """
}
