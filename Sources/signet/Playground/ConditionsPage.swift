import Hummingbird
import SignetConditions

/// `/conditions`: the rollout conditions, and a tester for one (`/conditions/test?id=…`): the condition
/// as pseudocode, two argument fields, a button and the result label.
struct ConditionsPage {
    let routes: PlaygroundRoutes
    static let title = "Conditions", section = "/conditions"

    func register(on router: Router<PlaygroundRoutes.Context>) {
        router.get("/conditions") { _, _ in
            await routes.page(Self.title, section: Self.section) {
                let summaries = try await routes.upstream.conditions.conditions()
                let rows = summaries.map { (summary) -> String in
                    "<li><a href=\"/conditions/test?\(HTML.query([("id", summary.id)]))\" id=\"condition-\(HTML.escape(summary.id))\">"
                        + "\(HTML.escape(summary.name))</a> <code>\(HTML.escape(summary.id))</code></li>"
                }.joined()
                let list = summaries.isEmpty ? "<p>The server lists no conditions.</p>" : "<ul id=\"conditions\">\(rows)</ul>"
                return PlaygroundPage(title: Self.title, section: Self.section, body: list)
            }
        }
        router.get("/conditions/test") { request, _ in
            let query = PlaygroundRoutes.query(request)
            return await routes.page(Self.title, section: Self.section) {
                try await tester(id: query["id"] ?? "", arguments: nil)
            }
        }
        router.post("/conditions/test") { request, _ in
            await routes.page(Self.title, section: Self.section) {
                let form = try await PlaygroundRoutes.form(request)
                return try await tester(id: form["id"] ?? "", arguments: [form["arg1"] ?? "", form["arg2"] ?? ""])
            }
        }
    }

    /// The tester for condition `id`; with `arguments`, evaluated on them.
    private func tester(id: String, arguments: [String]?) async throws -> PlaygroundPage {
        guard !id.isEmpty else { throw PlaygroundProblem.badInput("No condition was named.") }
        let document: ConditionDocument
        do {
            document = try await routes.upstream.conditions.condition(id: id)
        } catch let error as ConditionError {
            throw PlaygroundProblem(kind: .upstream, message: "Condition \(id) cannot be used: \(error).")
        }
        var result = "<output class=\"result\" id=\"result\" for=\"arg1 arg2\">—</output>"
        if let arguments {
            let value = document.condition.evaluate(arguments: arguments)
            result = "<output class=\"result \(value)\" id=\"result\" for=\"arg1 arg2\">\(value)</output>"
        }
        let body = """
            <h2 id="condition-name">\(HTML.escape(document.name))</h2>
            <code class="pseudocode" id="pseudocode">\(HTML.escape(document.condition.description))</code>
            <form method="post" action="/conditions/test" id="tester">\(routes.token.field)
            <input type="hidden" name="id" value="\(HTML.escape(id))">
            <label>arg1<input type="text" name="arg1" id="arg1" value="\(HTML.escape(arguments?[0] ?? ""))"></label>
            <label>arg2<input type="text" name="arg2" id="arg2" value="\(HTML.escape(arguments?[1] ?? ""))"></label>
            <button id="evaluate">Evaluate</button>
            </form>
            <p>Result: \(result)</p>
            <p><a href="/conditions">All conditions</a></p>
            """
        var page = PlaygroundPage(title: Self.title, section: Self.section, body: body)
        if arguments != nil { page.canonicalPath = "/conditions/test?" + HTML.query([("id", id)]) }
        return page
    }
}
