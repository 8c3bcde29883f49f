import Hummingbird
import SignetPuzzles

/// `/puzzles/play?id=…`: the grid, played by choosing a word's first letter (a link that remembers it
/// in the address) and then its last (a button that posts both to `/puzzles/find`). The find is checked
/// against the grid (``PointedFind``) and saved; found words stay highlighted. No script is needed.
struct PuzzleGridPage {
    let routes: PlaygroundRoutes

    func register(on router: Router<PlaygroundRoutes.Context>) {
        router.get("/puzzles/play") { request, _ in
            let query = PlaygroundRoutes.query(request)
            return await routes.page(PuzzlePages.title, section: PuzzlePages.section) {
                let id = try Self.id(query)
                let from = try query["from"].map(Self.cell)
                return try await page(id: id, first: from)
            }
        }
        router.post("/puzzles/find") { request, _ in
            await routes.page(PuzzlePages.title, section: PuzzlePages.section) {
                let form = try await PlaygroundRoutes.form(request)
                let id = try Self.id(form)
                let find = PointedFind(from: try Self.cell(form["from"] ?? ""), to: try Self.cell(form["to"] ?? ""))
                let store = try routes.upstream.store.get()
                let notice: PlaygroundPage.Notice
                switch find.check(in: try await store.game(puzzleID: id).puzzle) {
                case .miss(let miss):
                    notice = .init(text: miss.description + " — nothing was stored.", tone: .miss)
                case .word(let word):
                    let outcome = try await store.markFound(puzzleID: id, word: word)
                    notice = switch outcome {
                    case .won: .init(text: "Found \(word)! Every word found: you win!", tone: .success)
                    case .alreadyFound: .init(text: "\(word) was already found.", tone: .info)
                    case .found, .notInPuzzle: .init(text: "Found \(word)!", tone: .success)
                    }
                }
                var page = try await page(id: id, first: nil)
                page.notice = notice
                page.canonicalPath = "/puzzles/play?" + HTML.query([("id", id)])
                return page
            }
        }
    }

    private static func id(_ fields: FormFields) throws -> String {
        guard let id = fields["id"], !id.isEmpty else { throw PlaygroundProblem.badInput("No puzzle was named.") }
        return id
    }

    private static func cell(_ text: String) throws -> GridPoint {
        guard let point = GridPoint(coordinates: text) else {
            throw PlaygroundProblem.badInput("\"\(text)\" is not a cell: expected two whole numbers, X,Y.")
        }
        return point
    }

    /// The grid page; with `first`, that cell is marked and every cell posts the find from it.
    private func page(id: String, first: GridPoint?) async throws -> PlaygroundPage {
        let game = try await routes.upstream.store.get().game(puzzleID: id)
        let grid = game.puzzle.grid
        if let first, !grid.contains(first) {
            throw PlaygroundProblem.badInput("The cell \(PointedFind.Miss.cell(first)) is outside the \(grid.width)×\(grid.height) grid.")
        }
        let found = PointedFind.foundCells(game)
        let idQuery = HTML.query([("id", id)])
        var rows = ""
        for (y, row) in grid.rows.enumerated() {
            rows += "<tr>"
            for (x, letter) in row.enumerated() {
                let point = GridPoint(x: x, y: y)
                var classes = ["cell"]
                if found.contains(point) { classes.append("found") }
                if point == first { classes.append("first") }
                let attributes = "id=\"cell-\(x)-\(y)\" class=\"\(classes.joined(separator: " "))\" data-x=\"\(x)\" data-y=\"\(y)\""
                let text = HTML.escape(String(letter))
                if first != nil {
                    rows += "<td><button name=\"to\" value=\"\(x),\(y)\" \(attributes)>\(text)</button></td>"
                } else {
                    rows += "<td><a href=\"/puzzles/play?\(idQuery)&amp;from=\(x),\(y)\" \(attributes)>\(text)</a></td>"
                }
            }
            rows += "</tr>"
        }
        let table = "<table class=\"grid\" id=\"grid\">\(rows)</table>"
        let board: String
        let prompt: String
        if let first {
            board = """
                <form method="post" action="/puzzles/find" id="find-form">\(routes.token.field)<input type="hidden" name="id" value="\(HTML.escape(id))">\
                <input type="hidden" name="from" value="\(first.x),\(first.y)">\(table)</form>
                """
            prompt = "First letter at \(PointedFind.Miss.cell(first)). Now choose the word's last letter "
                + "(<a href=\"/puzzles/play?\(idQuery)\" id=\"cancel\">cancel</a>)."
        } else {
            board = table
            prompt = "Choose a word's first letter."
        }
        let foundWords = Set(game.foundWords.map { $0.uppercased() })
        let words = game.puzzle.distinctWords.map { (word) -> String in
            foundWords.contains(word.uppercased())
                ? "<li class=\"found\">\(HTML.escape(word))</li>" : "<li>\(HTML.escape(word))</li>"
        }.joined()
        let state = game.isFinished ? "<p class=\"notice success\" id=\"solved\">Solved: every word found.</p>" : ""
        let body = """
            <p id="progress">Puzzle <strong>\(HTML.escape(id))</strong>: \(game.foundWords.count) of \
            \(game.puzzle.distinctWords.count) words found.</p>
            \(state)
            <p id="prompt">\(prompt)</p>
            <div class="split">\(board)<div><h2>Words</h2><ul class="words" id="words">\(words)</ul>
            <p><a href="/puzzles">All games</a></p></div></div>
            """
        return PlaygroundPage(title: PuzzlePages.title, section: PuzzlePages.section, body: body)
    }
}
