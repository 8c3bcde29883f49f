import Foundation
import Signet
import SignetAsyncHTTPClient
import SignetConditions
import SignetTestSupport
import Testing
import SignetTransportTestSupport

/// `ConditionsClient` against ``HostileHTTPPeer``, a raw-socket server that shares no code with the
/// reference server: depth and size bombs, wrong types, numbers past 2^64 and HTTP faults on
/// `GET /conditions/1` and `GET /conditions`, each ending in a typed error that names the limit, the JSON
/// path or the byte. The limits under test: ``ConditionLimits/default`` (64 levels, 1 MiB), the
/// transport's 16 MiB, a 3 s attempt timeout with 3 attempts (GET). Bounded by ``HostileRow/bound``.
@Suite("Conditions against a hostile peer")
struct HostileConditionsPeerTests {
    static let transportLimit = 16 << 20

    static let eq = #"{"op":"eq","args":[{"type":"argument","argumentNumber":1},{"type":"string","value":"x"}]}"#

    static func document(_ condition: String) -> String { #"{"_id":"1","name":"hostile","condition":\#(condition)}"# }

    static func condition(_ kind: ConditionError.Kind, at path: String? = nil) -> @Sendable (any Error) -> Bool {
        { error in
            guard let error = error as? ConditionError, error.kind == kind else { return false }
            return path.map { error.path == $0 } ?? true
        }
    }

    static func signet(_ predicate: @escaping @Sendable (SignetError.Kind) -> Bool) -> @Sendable (any Error) -> Bool {
        { error in (error as? SignetError).map { predicate($0.kind) } ?? false }
    }

    static func body(_ text: String) -> @Sendable (HostileHTTPPeer.Request) -> [HostileHTTPPeer.Step] {
        { _ in HostileHTTPPeer.response(text) }
    }

    /// `and(and(…eq…))`, `levels` conditions deep.
    static func nested(_ levels: Int) -> String {
        String(repeating: #"{"op":"and","args":["#, count: levels - 1) + eq + String(repeating: "]}", count: levels - 1)
    }

    static let detailRows: [HostileRow] = [
        HostileRow("conditions nested 20 000 deep (440 KB)", expected: "ConditionError(nesting-too-deep)",
                   mentions: ["nesting-too-deep at $.condition" + String(repeating: ".args[0]", count: 64)],
                   matches: condition(.nestingTooDeep), answer: body(document(nested(20_000)))),
        HostileRow("JSON arrays nested 100 000 deep in an unknown member", expected: "ConditionError(nesting-too-deep)",
                   mentions: ["nesting-too-deep at $.extra"],
                   matches: condition(.nestingTooDeep),
                   answer: body(#"{"_id":"1","name":"x","condition":\#(eq),"extra":"#
                                + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}")),
        HostileRow("JSON arrays nested 100 000 deep where the condition belongs", expected: "ConditionError(wrong-type)",
                   mentions: ["wrong-type at $.condition", "must be an object"],
                   matches: condition(.wrongType, at: "$.condition"),
                   answer: body(document(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)))),
        HostileRow("conditions nested 100 deep (limit 64)", expected: "ConditionError(nesting-too-deep)",
                   mentions: ["nesting-too-deep at $.condition" + String(repeating: ".args[0]", count: 64)],
                   matches: condition(.nestingTooDeep), answer: body(document(nested(100)))),
        HostileRow("an op that is a number", expected: "ConditionError(wrong-type)", mentions: ["wrong-type at $.condition.op"],
                   matches: condition(.wrongType, at: "$.condition.op"),
                   answer: body(document(#"{"op":7,"args":[]}"#))),
        HostileRow("an argumentNumber of 2^64", expected: "ConditionError(argument-out-of-range)",
                   mentions: ["$.condition.args[0].argumentNumber"],
                   matches: { ($0 as? ConditionError)?.path == "$.condition.args[0].argumentNumber" },
                   answer: body(document(eq.replacingOccurrences(of: #""argumentNumber":1"#,
                                                                 with: #""argumentNumber":18446744073709551616"#)))),
        HostileRow("args as a string", expected: "ConditionError(wrong-type)", mentions: ["wrong-type at $.condition.args"],
                   matches: condition(.wrongType, at: "$.condition.args"),
                   answer: body(document(#"{"op":"and","args":"none"}"#))),
        HostileRow("a 2 MiB document (limit 1 MiB)", expected: "SignetError.bodyTooLarge",
                   mentions: ["conditions.detail", "limit of 1048576 bytes"],
                   matches: signet { if case .bodyTooLarge(1_048_576, _) = $0 { true } else { false } },
                   answer: body(document(eq) + String(repeating: " ", count: 2 << 20))),
        HostileRow("a true Content-Length of 40 MiB, the body streamed", expected: "SignetError.bodyTooLarge",
                   mentions: ["limit of \(transportLimit) bytes"],
                   matches: signet { if case .bodyTooLarge(HostileConditionsPeerTests.transportLimit, _) = $0 { true } else { false } },
                   answer: { _ in HostileRow.declaredBomb(40 << 20) }),
        HostileRow("a chunked body that never ends", expected: "SignetError.bodyTooLarge",
                   mentions: ["limit of \(transportLimit) bytes"],
                   matches: signet { if case .bodyTooLarge(HostileConditionsPeerTests.transportLimit, _) = $0 { true } else { false } },
                   answer: { _ in HostileRow.endlessChunked() }),
        HostileRow("headers, then silence (GET: 3 attempts)", expected: "SignetError.timeout",
                   mentions: ["timed out after 3 s"], attempts: 3...3,
                   matches: signet { if case .timeout = $0 { true } else { false } },
                   answer: { _ in HostileRow.headersThenStall() }),
        HostileRow("Content-Length: 4096, a few bytes, then close (GET: 3 attempts)", expected: "SignetError.transport",
                   mentions: ["transport failure"], attempts: 3...3,
                   matches: signet { if case .transport = $0 { true } else { false } },
                   answer: { _ in HostileRow.cutShort(#"{"_id":"1","name":"#) }),
        HostileRow("401 with Date in year 9999 (unsigned: the Date is not consulted)", expected: "SignetError.httpStatus(401)",
                   mentions: ["HTTP 401"],
                   matches: signet { if case .httpStatus(let status, _, _) = $0 { status.code == 401 } else { false } },
                   answer: { _ in HostileRow.unauthorizedFromYear9999() }),
    ]

    static let listRows: [HostileRow] = [
        HostileRow("a list that is an object", expected: "ConditionError(wrong-type)", mentions: ["wrong-type at $"],
                   matches: condition(.wrongType, at: "$"), answer: body(#"{"conditions":[]}"#)),
        HostileRow("a list nested 100 000 deep", expected: "ConditionError(wrong-type)",
                   mentions: ["wrong-type at $[0]", "must be an object"], matches: condition(.wrongType, at: "$[0]"),
                   answer: body(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))),
        HostileRow("an _id of 2^64 (ids are text)", expected: "ConditionError(wrong-type)", mentions: ["$[0]._id"],
                   matches: condition(.wrongType, at: "$[0]._id"),
                   answer: body(#"[{"_id":18446744073709551616,"name":"x"}]"#)),
    ]

    func client(_ peer: HostileHTTPPeer, _ transport: TransportKind, _ row: HostileRow) throws -> ConditionsClient {
        let transport: any Transport = transport.make()
        let retry = RetryMiddleware(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(4))
        return ConditionsClient(client: SignetClient(baseURL: try peer.baseURL, transport: transport,
                                               middleware: SignetClient.defaultMiddleware(retry: retry, timeout: row.attemptTimeout(.seconds(3)))))
    }

    @Test("a hostile condition ends in a typed error, within the bound, with bounded reading",
          arguments: detailRows, TransportKind.allCases)
    func hostileDetail(row: HostileRow, transport: TransportKind) async throws {
        let peer = try HostileHTTPPeer(row.answer)
        defer { peer.stop() }
        let conditions = try client(peer, transport, row)
        let outcome = await HangGuard.run(within: HostileRow.bound) { _ = try await conditions.condition(id: "1") }
                await row.check(outcome, peer: peer, path: "/conditions/1", limit: transport.hangsUpAtLimit ? Self.transportLimit : nil)
    }

    @Test("a hostile condition list ends in a typed error, within the bound",
          arguments: listRows, TransportKind.allCases)
    func hostileList(row: HostileRow, transport: TransportKind) async throws {
        let peer = try HostileHTTPPeer(row.answer)
        defer { peer.stop() }
        let conditions = try client(peer, transport, row)
        let outcome = await HangGuard.run(within: HostileRow.bound) { _ = try await conditions.conditions() }
        await row.check(outcome, peer: peer, path: "/conditions", limit: transport.hangsUpAtLimit ? Self.transportLimit : nil)
    }
}
