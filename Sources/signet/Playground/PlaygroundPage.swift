import Foundation
import HTTPTypes
import Hummingbird

/// One HTML page of the playground: the shell every page shares (title, navigation, the page's
/// notices and problems) around the page's own body, turned into a response with the headers every
/// page carries. The body is HTML the page built with ``HTML/escape(_:)``.
struct PlaygroundPage {
    /// The five services, in the order of the navigation bar: path and label.
    static let sections: [(path: String, label: String)] = [
        ("/gamesystem", "GameSystem"), ("/worlds", "Worlds"), ("/puzzles", "Puzzles"),
        ("/conditions", "Conditions"), ("/trivia", "Trivia"),
    ]

    /// The page's title (plain text).
    var title: String
    /// The section path this page belongs to, highlighted in the navigation.
    var section: String?
    /// The page's own HTML.
    var body: String = ""
    /// A notice shown above the body, plain text, with its tone.
    var notice: Notice?
    /// A problem shown above the body instead of (or before) what could not be loaded.
    var problem: PlaygroundProblem?
    /// The address a browser should keep for this page when it answers a form post (so reloading does
    /// not post again); the playground's script replaces the location with it.
    var canonicalPath: String?
    /// The HTTP status.
    var status: HTTPResponse.Status = .ok

    /// A one-line message with its tone.
    struct Notice {
        enum Tone: String { case success, info, miss }
        let text: String
        let tone: Tone
    }

    /// The whole document. Its referrer policy is `same-origin`, not `no-referrer`: under `no-referrer` a
    /// browser sends `Origin: null` on the page's own form posts, which the request guard refuses.
    var html: String {
        let navigation = Self.sections.map { (entry) -> String in
            let current = entry.path == section ? " aria-current=\"page\"" : ""
            return "<a href=\"\(entry.path)\"\(current)>\(entry.label)</a>"
        }.joined()
        var main = ""
        if let notice {
            main += "<p class=\"notice \(notice.tone.rawValue)\" id=\"notice\" role=\"status\">\(HTML.escape(notice.text))</p>"
        }
        if let problem { main += problem.html }
        main += body
        let canonical = canonicalPath.map { " data-canonical=\"\(HTML.escape($0))\"" } ?? ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="same-origin">
            <title>\(HTML.escape(title)) · Signet playground</title>
            <link rel="stylesheet" href="/static/playground.css">
            <script src="/static/playground.js" defer></script>
            </head>
            <body\(canonical)>
            <header><a class="brand" href="/">Signet playground</a><nav>\(navigation)</nav></header>
            <main>
            <h1>\(HTML.escape(title))</h1>
            \(main)
            </main>
            <footer>The browser talks only to this playground; the playground signs every request on the server side. No key or secret is ever sent to the browser.
            It refuses every request not addressed to 127.0.0.1 or localhost on its port, and every post that does not come from its own pages (same origin, with their form token), so that another web site cannot make it sign.</footer>
            </body>
            </html>
            """
    }

    /// The page as a response: UTF-8 HTML, never cached, and a policy that runs only the playground's scripts.
    func response(recorder: ResponseRecorder?) -> Response {
        PlaygroundResponse.make(status: status, contentType: "text/html; charset=utf-8", body: html, recorder: recorder)
    }
}

/// The headers every playground response carries, and the one place responses are built (and recorded).
enum PlaygroundResponse {
    /// Scripts and styles from this origin only; the trivia socket on this origin; pictures inline (SVG).
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    /// A response with `body`, recorded when a recorder is set.
    static func make(status: HTTPResponse.Status, contentType: String, body: String, recorder: ResponseRecorder?,
                     cache: String = "no-store") -> Response {
        recorder?.record(body)
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = cache
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// `303 See Other` to `location` (after a form post that made something new).
    static func redirect(to location: String, recorder: ResponseRecorder?) -> Response {
        recorder?.record(location)
        return Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}
