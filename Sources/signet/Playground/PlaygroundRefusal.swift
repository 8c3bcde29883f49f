import HTTPTypes

/// Why ``PlaygroundRequestGuard`` refused a request, in words for the refusal page: what was refused and
/// why, naming the Host or Origin the request gave (escaped, shortened) and never the form token.
enum PlaygroundRefusal: Equatable {
    /// The `Host` is not the playground's address (nil: none, or more than one).
    case foreignHost(String?)
    /// The `Origin` is another page's (or there are several).
    case crossOrigin(String)
    /// `Origin: null`: a sandboxed frame, a `data:` or `file:` page, a redirect from elsewhere.
    case opaqueOrigin
    /// No `Origin`, and `Sec-Fetch-Site` is not `same-origin` (or is absent).
    case unknownOrigin(fetchSite: String?)
    /// The form lacks the playground's token, or carries another.
    case missingToken
    /// The form is larger than the playground reads.
    case formTooLarge
    /// The form could not be read.
    case unreadableForm

    /// 421 for a foreign Host (the request was meant for another server), 403 for a page not the playground's.
    var status: HTTPResponse.Status {
        switch self {
        case .foreignHost: .misdirectedRequest
        case .crossOrigin, .opaqueOrigin, .unknownOrigin, .missingToken: .forbidden
        case .formTooLarge: .contentTooLarge
        case .unreadableForm: .badRequest
        }
    }

    /// What was refused and why, for a page; `hosts` are the Host values the playground answers.
    func message(hosts: [String]) -> String {
        let own = hosts.isEmpty ? "its own address" : hosts.joined(separator: " or ")
        let why = "The playground signs only for its own pages, so that no other web site can make it sign."
        switch self {
        case .foreignHost(let host):
            let named = host.map { "is addressed to \u{201C}\(Self.shortened($0))\u{201D}" } ?? "names no single host"
            return "Refused: this request \(named), and the playground answers only \(own), "
                + "so that a page on another site cannot reach it by making its own name point here (DNS rebinding)."
        case .crossOrigin(let origin):
            return "Refused: this request came from \u{201C}\(Self.shortened(origin))\u{201D}, not from the playground's pages. \(why)"
        case .opaqueOrigin:
            return "Refused: this request came from a page with no origin (Origin: null), not from the playground's pages. \(why)"
        case .unknownOrigin(let site):
            let said = site.map { "says it came from a \(Self.shortened($0)) page" } ?? "does not say which page sent it"
            return "Refused: this request \(said) (no Origin), so it cannot be shown to come from the playground's pages. \(why)"
        case .missingToken:
            return "Refused: this form does not carry the playground's form token, which every form on its pages holds "
                + "and which changes each time the playground starts. Reload the page and try again. \(why)"
        case .formTooLarge:
            return "Refused: the form is larger than \(PlaygroundRoutes.maxFormBytes / 1024) KiB."
        case .unreadableForm:
            return "Refused: the form could not be read."
        }
    }

    /// `text` cut to 100 characters: a Host or Origin is echoed only so the person sees which one it was.
    private static func shortened(_ text: String) -> String {
        text.count > 100 ? text.prefix(100) + "…" : text
    }
}
