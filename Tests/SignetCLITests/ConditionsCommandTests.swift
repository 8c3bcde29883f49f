import Foundation
import Testing

/// `signet conditions`, run as a process against the embedded reference server.
@Suite("signet conditions")
struct ConditionsCommandTests {
    @Test("show prints the seed's second example as pseudocode")
    func show() async throws {
        let output = try await SignetProcess.run(["conditions", "show", "2"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.lines.last?.trimmingCharacters(in: .whitespaces) == #"and(ne(arg1, "rollout.io"), containsString(arg1, "ro"))"#)
    }

    @Test("eval answers as the seed's semantics say, in JSON too")
    func eval() async throws {
        let output = try await SignetProcess.run(["conditions", "eval", "3", "rollout.io", "control your production", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["result"] as? Bool == true)
        let refused = try await SignetProcess.run(["conditions", "eval", "3", "rollout.io", "other"])
        #expect(refused.lines.last == "false")
    }

    @Test("a condition with an unknown operator fails with its JSON path")
    func unknownOperator() async throws {
        let output = try await SignetProcess.run(["conditions", "eval", "6", "x"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("unknown-operator at $.condition.op"))
    }
}
