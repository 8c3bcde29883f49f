import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// What every page's routes share: the upstream, the recorder, the form token every post form carries,
/// and the helpers that read a form and turn a page (or the failure that stopped it) into a response.
struct PlaygroundRoutes: Sendable {
    typealias Context = BasicWebSocketRequestContext

    let upstream: PlaygroundUpstream
    let recorder: ResponseRecorder?
    /// Written into every form that posts (``FormToken/field``), checked by ``PlaygroundRequestGuard``.
    let token: FormToken

    /// The largest form body read (the forms hold a few short fields).
    static let maxFormBytes = 64 * 1024

    /// Builds a page with `build`; when it throws, the page shows the failure in words instead, with the
    /// failure's status, and keeps the title and section so the navigation still works.
    func page(_ title: String, section: String?, _ build: () async throws -> PlaygroundPage) async -> Response {
        do {
            return try await build().response(recorder: recorder)
        } catch {
            let problem = PlaygroundProblem(error, upstream: upstream.baseURL)
            let page = PlaygroundPage(title: title, section: section, problem: problem, status: problem.status)
            return page.response(recorder: recorder)
        }
    }

    /// The fields of a form post (`application/x-www-form-urlencoded`).
    static func form(_ request: Request) async throws -> FormFields {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maxFormBytes)
        } catch {
            throw PlaygroundProblem.badInput("The form is larger than \(maxFormBytes / 1024) KiB.")
        }
        return FormFields(String(buffer: buffer))
    }

    /// The fields of the request's query string.
    static func query(_ request: Request) -> FormFields {
        FormFields(request.uri.query ?? "")
    }

    /// A whole number from a form field, or a bad-input problem naming the field.
    static func number(_ fields: FormFields, _ name: String, label: String) throws -> Int {
        guard let text = fields[name]?.trimmingCharacters(in: .whitespaces), let value = Int(text) else {
            throw PlaygroundProblem.badInput("\(label) must be a whole number.")
        }
        return value
    }
}

/// Turns what the router throws (an unknown address, a wrong method, anything unexpected) into a page in
/// words with the playground's headers, so no response is ever Hummingbird's or a trace.
struct PlaygroundErrorMiddleware: RouterMiddleware {
    typealias Context = PlaygroundRoutes.Context
    let upstream: URL
    let recorder: ResponseRecorder?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            let problem = error.status == .notFound
                ? PlaygroundProblem.notFound("There is no page at \(request.uri.path).")
                : PlaygroundProblem(kind: .badInput, message: "The request cannot be answered (HTTP \(error.status.code)).")
            var page = PlaygroundPage(title: "Signet playground", section: nil, problem: problem, status: error.status)
            page.body = "<p><a href=\"/\">Back to the start page</a></p>"
            return page.response(recorder: recorder)
        } catch {
            let problem = PlaygroundProblem(error, upstream: upstream)
            return PlaygroundPage(title: "Signet playground", section: nil, problem: problem, status: problem.status)
                .response(recorder: recorder)
        }
    }
}
