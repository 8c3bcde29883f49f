import Foundation

/// What every environment must answer to one request.
struct Expected: Sendable {
    /// The status code.
    var status: Int
    /// The start of `error_message` (refusals only).
    var message: String?
    /// `Retry-After`, or `nil` for none.
    var retryAfter: String?
    /// Whether the answer carries `Idempotent-Replayed: true`.
    var replayed = false
    /// Whether the refusal carries a `diagnosis` (refusals only).
    var diagnosis = false
    /// The echo route's answer (accepted requests only).
    var echo: EchoAnswer?

    /// A refusal.
    static func refused(_ status: Int, _ message: String, retryAfter: String? = nil, diagnosis: Bool = false) -> Expected {
        Expected(status: status, message: message, retryAfter: retryAfter, diagnosis: diagnosis)
    }

    /// An acceptance whose handler saw `key` and `body`.
    static func accepted(_ key: String, _ body: [UInt8], replayed: Bool = false) -> Expected {
        Expected(status: 200, replayed: replayed, echo: EchoAnswer(apiKey: key, body: body))
    }
}

/// One request and its expected answer.
struct Exchange: Sendable {
    let request: WireRequest
    let expected: Expected
}

/// A step of a case.
enum Step: Sendable {
    /// Send, and check the answer.
    case send(Exchange)
    /// Send the first request, whose answer the store holds in flight; run the others meanwhile; then let
    /// the first finish and check it.
    case holding(Exchange, meanwhile: [Exchange])
}

/// One row of the table: a name, whether the server explains refusals, and its steps (built when it runs,
/// so that every signature is fresh).
struct ConformanceCase: Sendable, CustomStringConvertible {
    let name: String
    var explains = true
    /// Whether the case changes stored state (replay, idempotency): these run on PostgreSQL too.
    var stateful = false
    let steps: @Sendable () throws -> [Step]

    var description: String { name }
}
