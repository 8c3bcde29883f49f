import Hummingbird
import SignetWorlds

/// `/worlds`: the Lords & Knights login form (e-mail and password) and the worlds the login can play,
/// each with its status. The password goes from the form to the login server's form post and nowhere
/// else: it is never written back into a page, a log or an error.
struct WorldsPage {
    let routes: PlaygroundRoutes
    static let title = "Worlds", section = "/worlds"

    func register(on router: Router<PlaygroundRoutes.Context>) {
        router.get("/worlds") { _, _ in
            await routes.page(Self.title, section: Self.section) {
                PlaygroundPage(title: Self.title, section: Self.section, body: form(login: WorldsCommand.defaultLogin))
            }
        }
        router.post("/worlds") { request, _ in
            let fields = try? await PlaygroundRoutes.form(request)
            let login = fields?["login"]?.trimmingCharacters(in: .whitespaces) ?? ""
            return await routes.page(Self.title, section: Self.section) {
                var page = PlaygroundPage(title: Self.title, section: Self.section, body: form(login: login))
                page.canonicalPath = Self.section
                guard let password = fields?["password"], !login.isEmpty, !password.isEmpty else {
                    page.problem = .badInput("Enter both the e-mail address and the password.")
                    page.status = .badRequest
                    return page
                }
                let response: WorldsResponse
                do {
                    response = try await routes.upstream.worlds.get().worlds(login: login, password: password)
                } catch let error as WorldsError {
                    throw PlaygroundProblem(kind: .upstream, message: "The login server's answer cannot be used: \(error).")
                }
                if response.isUnknownUser {
                    page.problem = PlaygroundProblem(kind: .badInput, message: "The login server does not know \(login) with this password.")
                    page.status = .unauthorized
                    return page
                }
                page.body += table(response, login: login)
                return page
            }
        }
    }

    /// The login form; the e-mail address is kept, the password field is always empty.
    private func form(login: String) -> String {
        """
        <form method="post" action="/worlds" id="login-form">\(routes.token.field)
        <label>E-mail<input type="text" name="login" id="login" value="\(HTML.escape(login))" autocomplete="username" required></label>
        <label>Password<input type="password" name="password" id="password" autocomplete="current-password" required></label>
        <button id="login-button">Log in</button>
        </form>
        <p class="hint">The embedded reference server knows the demo accounts listed in docs/worlds.md.</p>
        """
    }

    private func table(_ response: WorldsResponse, login: String) -> String {
        guard !response.worlds.isEmpty else { return "<p id=\"no-worlds\">No worlds for \(HTML.escape(login)).</p>" }
        let rows = response.worlds.map { (world) -> String in
            """
            <tr><td>\(HTML.escape(world.name))</td><td>\(HTML.escape(world.id))</td><td>\(HTML.escape(world.country))</td>\
            <td>\(HTML.escape(world.language))</td><td class="status">\(HTML.escape(world.status.description))</td></tr>
            """
        }.joined(separator: "\n")
        let skipped = response.failures.isEmpty ? ""
            : "<p class=\"hint\">\(response.failures.count) world(s) left out: they did not decode.</p>"
        return """
            <h2>\(response.worlds.count) worlds for \(HTML.escape(login))</h2>
            <table id="worlds"><thead><tr><th>World</th><th>Id</th><th>Country</th><th>Language</th><th>Status</th></tr></thead>
            <tbody>\(rows)</tbody></table>\(skipped)
            """
    }
}
