import Foundation
@_spi(Vectors) import SignetConditions
import Testing

/// Runs `vectors/conditions.json` (hand-computed expectations) through `ConditionVectors.check`.
@Suite struct VectorFileTests {
    static let vectorFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vectors/conditions.json")

    @Test func everyVectorPasses() throws {
        let outcomes = try ConditionVectors.check(data: Data(contentsOf: Self.vectorFile))
        #expect(outcomes.count >= 36)
        for outcome in outcomes {
            #expect(outcome.passed, "\(outcome)")
        }
    }

    @Test func vectorsCoverEveryErrorKind() throws {
        let file = try JSONDecoder().decode(VectorFileShape.self, from: Data(contentsOf: Self.vectorFile))
        let kinds = Set(file.vectors.compactMap(\.expected.error))
        for kind in ConditionError.Kind.allCases {
            #expect(kinds.contains(kind.rawValue), "no vector expects \(kind.rawValue)")
        }
    }

    @Test func vectorsCoverEveryStandardOperator() throws {
        let text = try String(contentsOf: Self.vectorFile, encoding: .utf8)
        for name in OperatorRegistry.standard.names {
            #expect(text.contains("\"op\": \"\(name)\""), "no vector uses \(name)")
        }
    }

    @Test func aWrongExpectationFails() throws {
        let file = Data("""
            {"scheme": "conditions", "vectors": [
              {"name": "wrong", "condition": {"op": "eq", "args": [{"type": "string", "value": "a"},
               {"type": "string", "value": "b"}]}, "arguments": [], "expected": {"result": true}},
              {"name": "malformed", "arguments": [], "expected": {"result": true}}
            ]}
            """.utf8)
        let outcomes = try ConditionVectors.check(data: file)
        #expect(outcomes.map(\.passed) == [false, false])
        #expect(outcomes[0].message == "expected result true, got result false")
        #expect(outcomes[1].message.hasPrefix("malformed vector"))
    }

    @Test func aFileOfAnotherSchemeIsRefused() {
        #expect(throws: ConditionVectorFileError.self) {
            try ConditionVectors.check(data: Data(#"{"scheme": "gamesystem-hmac-sha1", "vectors": []}"#.utf8))
        }
    }

    private struct VectorFileShape: Decodable {
        struct Vector: Decodable {
            struct Expected: Decodable { var error: String? }
            var expected: Expected
        }
        var vectors: [Vector]
    }
}
