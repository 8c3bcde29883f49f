import Foundation
@_spi(Vectors) @testable import SignetConditions
import Testing

/// Numbers from a vector file or a server: out of range is a typed error with the JSON path and the range,
/// never a trap (`Int(2^63)`, `Int.min - 1`).
@Suite struct HostileNumberTests {
    /// A conditions vector file of one passing vector with `extra` members added to it.
    static func file(_ extra: String) -> Data {
        Data(("""
            {"scheme": "conditions", "vectors": [
              {"name": "ok", "condition": \(ConditionJSON.condition("eq", ConditionJSON.argument(1), ConditionJSON.value("a"))),
               "arguments": ["a"], "expected": {"result": true}},
              {"name": "limits", "condition": \(ConditionJSON.condition("eq", ConditionJSON.argument(1), ConditionJSON.value("a"))),
               "arguments": ["a"], "expected": {"result": true}, \(extra)}
            ]}
            """).utf8)
    }

    static func error(_ extra: String) -> ConditionVectorFileError? {
        do {
            let outcomes = try ConditionVectors.check(data: file(extra))
            Issue.record("check succeeded with \(outcomes)")
        } catch {
            return error
        }
        return nil
    }

    @Test("max_depth outside 1...128 makes the file unusable, naming the path and the range",
          arguments: ["0", "-1", "129", "1e300", "9223372036854775807", "2.5"])
    func maxDepthOutOfRange(value: String) throws {
        let error = try #require(Self.error(#""max_depth": \#(value)"#))
        #expect(error.path.description == "$.vectors[1].max_depth")
        #expect(error.message.hasPrefix("must be an integer in 1...128, not "))
    }

    @Test("max_input_bytes outside 0...16777216 makes the file unusable, naming the path and the range",
          arguments: ["-1", "16777217", "1e19"])
    func maxInputBytesOutOfRange(value: String) throws {
        let error = try #require(Self.error(#""max_input_bytes": \#(value)"#))
        #expect(error.path.description == "$.vectors[1].max_input_bytes")
        #expect(error.message.hasPrefix("must be an integer in 0...16777216, not "))
    }

    @Test("A limit that is not a number names what it found")
    func limitOfWrongType() throws {
        let error = try #require(Self.error(#""max_depth": "deep""#))
        #expect(error.path.description == "$.vectors[1].max_depth")
        #expect(error.message.hasPrefix("must be an integer in 1...128, not "))
    }

    @Test("Limits at the ends of their ranges run")
    func limitsInRange() throws {
        let outcomes = try ConditionVectors.check(data: Self.file(#""max_depth": 128, "max_input_bytes": 16777216"#))
        #expect(outcomes.map(\.passed) == [true, true])
        let smallest = try ConditionVectors.check(data: Self.file(#""max_depth": 1, "max_input_bytes": 0"#))
        // With 0 input bytes the condition's bytes are refused as too large, so that vector fails.
        #expect(smallest.map(\.passed) == [true, false])
    }

    @Test("argumentNumber 2^63 with the largest argument count is out of range, not a trap")
    func argumentNumberAtTwoToTheSixtyThree() throws {
        let parser = ConditionParser(argumentCount: Int.max)
        // Integers stay exact: 2^63 − 1 is an argument number like any other when that many are supplied.
        let largest = #"{"op":"eq","args":[{"type":"argument","argumentNumber":9223372036854775807},{"type":"string","value":"a"}]}"#
        #expect(parseError { () throws(ConditionError) in try parser.parse(text: largest) } == nil)
        for number in ["9223372036854775808", "1e300", "-9223372036854775809"] {
            let text = #"{"op":"eq","args":[{"type":"argument","argumentNumber":\#(number)},{"type":"string","value":"a"}]}"#
            let error = parseError { () throws(ConditionError) in try parser.parse(text: text) }
            #expect(error?.kind == .argumentOutOfRange, "\(number)")
            #expect(error?.path.description == "$.condition.args[0].argumentNumber")
        }
        let fits = try parser.parse(text: ConditionJSON.condition("eq", ConditionJSON.argument(2), ConditionJSON.value("a")))
        #expect(fits.evaluate(arguments: ["x", "a"]))
    }

    @Test("An argument operand outside the arguments reads as empty, even at Int.min and Int.max")
    func operandOutsideArguments() {
        #expect(ConditionOperand.argument(Int.min).resolved(with: ["a"]) == "")
        #expect(ConditionOperand.argument(Int.max).resolved(with: ["a"]) == "")
        #expect(ConditionOperand.argument(0).resolved(with: ["a"]) == "")
        #expect(ConditionOperand.argument(1).resolved(with: ["a"]) == "a")
    }
}
