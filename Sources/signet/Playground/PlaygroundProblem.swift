import Foundation
import HTTPTypes
import Signet
import SignetPuzzles

/// A failure shown on a page in words: what happened, what to do, and for a refused signature the
/// server's diagnosis with the two signed texts side by side. Built from any error; never a stack trace,
/// never a header (``SignetError`` carries none), never a secret.
struct PlaygroundProblem: Error {
    /// What kind of failure, for the heading and the status.
    enum Kind: String {
        case unreachable, refused, upstream, badInput = "bad-input", notFound = "not-found", forbidden, failed
    }

    let kind: Kind
    /// The sentence that says what happened.
    let message: String
    /// A hint on what to do, when there is one.
    var hint: String?
    /// A refused signature's diagnosis and the text this side signed.
    var diagnosis: SignetError.Diagnosis?
    var clientStringToSign: String?

    /// A problem with what the person typed or chose.
    static func badInput(_ message: String) -> PlaygroundProblem {
        PlaygroundProblem(kind: .badInput, message: message)
    }

    /// Something asked for that does not exist.
    static func notFound(_ message: String) -> PlaygroundProblem {
        PlaygroundProblem(kind: .notFound, message: message)
    }

    /// The status of a page that shows this problem: 400 for input, 404, 403, 502 for the upstream's failures.
    var status: HTTPResponse.Status {
        switch kind {
        case .badInput: .badRequest
        case .notFound: .notFound
        case .forbidden: .forbidden
        case .unreachable, .refused, .upstream: .badGateway
        case .failed: .internalServerError
        }
    }

    /// Describes `error`, which happened while talking to `upstream`.
    init(_ error: any Error, upstream: URL) {
        if let problem = error as? PlaygroundProblem {
            self = problem
            return
        }
        let server = upstream.absoluteString
        switch error {
        case let error as SignetError:
            self.init(signet: error, server: server)
        case let error as PuzzleStoreError:
            if case .puzzleNotFound = error {
                self.init(kind: .notFound, message: error.description)
            } else {
                self.init(kind: .failed, message: "The games database cannot be used: \(error.description)")
            }
        case let error as CommandFailure:
            self.init(kind: .failed, message: error.message)
        default:
            self.init(kind: .failed, message: "Something went wrong: \(String(describing: error))")
        }
    }

    init(kind: Kind, message: String, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.hint = hint
    }

    private init(signet error: SignetError, server: String) {
        let call = [error.method?.rawValue, error.path].compactMap { $0 }.joined(separator: " ")
        let what = call.isEmpty ? "The request" : call
        switch error.kind {
        case .transport(let underlying):
            self.init(kind: .unreachable,
                      message: "The upstream server at \(server) cannot be reached: \(TransportFailureWords.describe(underlying)).",
                      hint: "Is it running? Without --base-url the playground starts its own reference server.")
        case .timeout(let after):
            self.init(kind: .unreachable, message: "The upstream server at \(server) did not answer \(what) within \(after).")
        case .httpStatus(let status, let serverMessage, _) where status.code == 401:
            self.init(kind: .refused,
                      message: "The server refused the signature of \(what) (HTTP 401)"
                          + (serverMessage.map { ": \($0)" } ?? "") + ".",
                      hint: "The playground's credentials come from SIGNET_CLIENT_KEY / SIGNET_CLIENT_SECRET (and the admin pair) "
                          + "or the config file, as for every signet command.")
            diagnosis = error.diagnosis
            clientStringToSign = error.clientStringToSign
        case .httpStatus(let status, let serverMessage, _):
            self.init(kind: .upstream,
                      message: "The server answered \(what) with HTTP \(status.code) \(status.reasonPhrase)"
                          + (serverMessage.map { ": \($0)" } ?? "") + ".")
        default:
            self.init(kind: .upstream, message: "\(what) failed: \(error).")
        }
    }

    /// The problem as an HTML panel (`role="alert"`), every value escaped.
    var html: String {
        var parts = ["<section class=\"problem \(kind.rawValue)\" id=\"problem\" role=\"alert\">",
                     "<h2>\(heading)</h2>", "<p id=\"problem-message\">\(HTML.escape(message))</p>"]
        if let diagnosis {
            parts.append("<p>Likely cause: <strong id=\"likely-cause\">\(HTML.escape(diagnosis.likelyCause.rawValue))</strong> — "
                         + "\(HTML.escape(diagnosis.detail))</p>")
            if let offset = diagnosis.clockOffsetSeconds {
                parts.append("<p>Clock offset: \(offset > 0 ? "+" : "")\(offset) s (the request's Date minus the server's clock)</p>")
            }
            parts.append(SigningComparison(expected: diagnosis.stringToSign, signed: clientStringToSign).html)
        }
        if let hint { parts.append("<p class=\"hint\">\(HTML.escape(hint))</p>") }
        parts.append("</section>")
        return parts.joined(separator: "\n")
    }

    private var heading: String {
        switch kind {
        case .unreachable: "The upstream server cannot be reached"
        case .refused: "The signature was refused"
        case .upstream: "The upstream server refused the request"
        case .badInput: "Please check what you entered"
        case .notFound: "Not found"
        case .forbidden: "Request refused"
        case .failed: "Something went wrong"
        }
    }
}

/// The server's expected string-to-sign above the one this side signed, the first difference marked, as
/// `signet doctor` prints them (``RefusalReport``), with real newlines shown as `⏎`.
struct SigningComparison {
    let expected: String
    let signed: String?

    var html: String {
        let expectedText = RefusalReport.visible(expected)
        var rows = "<tr><th>server expected</th><td><code id=\"expected-string\">\(HTML.escape(expectedText))</code></td></tr>"
        if let signed {
            let signedText = RefusalReport.visible(signed)
            let expectedCharacters = Array(expectedText), signedCharacters = Array(signedText)
            var marked = HTML.escape(signedText)
            if let column = RefusalReport.firstDifference(expectedCharacters, signedCharacters) {
                let before = String(signedCharacters.prefix(column))
                let at = column < signedCharacters.count ? String(signedCharacters[column]) : " "
                let after = column < signedCharacters.count ? String(signedCharacters[(column + 1)...]) : ""
                marked = HTML.escape(before) + "<mark title=\"first difference\">\(HTML.escape(at))</mark>" + HTML.escape(after)
            }
            rows += "<tr><th>playground signed</th><td><code id=\"signed-string\">\(marked)</code></td></tr>"
            if RefusalReport.firstDifference(Array(expectedText), Array(signedText)) == nil {
                rows += "<tr><td colspan=\"2\" id=\"same-text\">The same text: the difference is in the key or the secret.</td></tr>"
            }
        }
        return "<table class=\"signing\">\(rows)</table>"
    }
}

/// A transport failure in a few words: "connection refused" rather than a NIO error dump.
enum TransportFailureWords {
    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        let lowered = text.lowercased()
        if lowered.contains("refused") { return "connection refused" }
        if lowered.contains("timeout") || lowered.contains("timed out") { return "the connection timed out" }
        if lowered.contains("resolve") || lowered.contains("dns") { return "the host name does not resolve" }
        return text
    }
}
