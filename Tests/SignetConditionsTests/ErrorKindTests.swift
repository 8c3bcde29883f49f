import SignetConditions
import SignetJSON
import Testing

/// Every error kind, with the path it is reported at.
@Suite struct ErrorKindTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var json: String
        var kind: ConditionError.Kind
        var path: String
        var testDescription: String { "\(kind.rawValue) at \(path)" }
    }

    typealias J = ConditionJSON

    static let cases: [Case] = [
        Case(json: String(repeating: " ", count: 257), kind: .inputTooLarge, path: "$.condition"),
        Case(json: #"{"op":"eq","args":[1,]}"#, kind: .invalidJSON, path: "$.condition.args[1]"),
        Case(json: #"{"op":"eq","args":[{"type":"string","value":"a\x"}]}"#, kind: .invalidJSON,
             path: "$.condition.args[0].value"),
        Case(json: "\u{FEFF}{}", kind: .invalidJSON, path: "$.condition"),
        Case(json: J.condition("and", J.condition("or", J.condition("eq", J.argument(1), J.value("a")))),
             kind: .nestingTooDeep, path: "$.condition.args[0].args[0]"),
        Case(json: #"{"op":"eq","args":[],"args":[]}"#, kind: .duplicateKey, path: "$.condition.args"),
        Case(json: J.condition("and", J.condition("xor", J.argument(1), J.argument(2))),
             kind: .unknownOperator, path: "$.condition.args[0].op"),
        Case(json: J.condition("and", J.condition("eq", J.argument(1)), J.condition("eq", J.argument(1))),
             kind: .wrongArity, path: "$.condition.args[0].args"),
        Case(json: J.condition("or", J.argument(1)), kind: .conditionExpected, path: "$.condition.args[0]"),
        Case(json: J.condition("ne", J.argument(1), J.condition("eq", J.argument(1), J.argument(2))),
             kind: .operandExpected, path: "$.condition.args[1]"),
        Case(json: J.condition("eq", J.argument(1), J.argument(3)), kind: .argumentOutOfRange,
             path: "$.condition.args[1].argumentNumber"),
        Case(json: #"{"op":"eq","args":[{"type":"int","value":"1"},{"type":"string","value":"1"}]}"#,
             kind: .unknownType, path: "$.condition.args[0].type"),
        Case(json: #"{"op":"eq","args":[{"type":"string"},{"type":"string","value":"1"}]}"#,
             kind: .missingField, path: "$.condition.args[0].value"),
        Case(json: #"{"op":"eq","args":[{"type":"string","value":["a"]},{"type":"string","value":"1"}]}"#,
             kind: .wrongType, path: "$.condition.args[0].value"),
        Case(json: #"{"op":"eq","args":[{"type":"string","value":"a","data":"b"},{"type":"string","value":"1"}]}"#,
             kind: .conflictingValue, path: "$.condition.args[0]"),
        Case(json: #"{"op":"eq","type":"string","args":[]}"#, kind: .ambiguousNode, path: "$.condition"),
    ]

    static let parser = ConditionParser(
        argumentCount: 2, limits: ConditionLimits(maxDepth: 2, maxInputBytes: 256))

    @Test(arguments: cases)
    func errorKindAndPath(_ testCase: Case) {
        let error = parseError { () throws(ConditionError) in try Self.parser.parse(text: testCase.json) }
        #expect(error?.kind == testCase.kind)
        #expect(error?.path.description == testCase.path)
    }

    @Test func casesCoverEveryKind() {
        #expect(Set(Self.cases.map(\.kind)) == Set(ConditionError.Kind.allCases))
    }

    @Test func theSameFaultsFromADecodedValueHaveTheSamePaths() {
        let value = JSONValue.object([
            "op": .string("and"),
            "args": .array([
                .object(["op": .string("eq"), "args": .array([
                    .object(["type": .string("argument"), "argumentNumber": .integer(3)]),
                    .object(["type": .string("string"), "data": .string("x")]),
                ])]),
            ]),
        ])
        let error = parseError { () throws(ConditionError) in try Self.parser.parse(value) }
        #expect(error?.kind == .argumentOutOfRange)
        #expect(error?.path.description == "$.condition.args[0].args[0].argumentNumber")
    }

    @Test func errorDescriptionSaysKindPathAndWhat() {
        let error = parseError { () throws(ConditionError) in
            try Self.parser.parse(text: J.condition("gt", J.argument(1), J.value("a")))
        }
        #expect(error?.description == #"unknown-operator at $.condition.op: no operator named "gt""#)
    }

    @Test func invalidJSONReportsTheByteOffset() {
        let error = parseError { () throws(ConditionError) in try Self.parser.parse(text: #"{"op" "eq"}"#) }
        #expect(error?.kind == .invalidJSON)
        #expect(error?.byteOffset == 6)
    }

    @Test func invalidUTF8IsInvalidJSON() {
        var bytes = Array(#"{"op":"eq","args":[{"type":"string","value":"X"}]}"#.utf8)
        if let index = bytes.firstIndex(of: UInt8(ascii: "X")) { bytes[index] = 0xFF }
        let error = parseError { () throws(ConditionError) in try Self.parser.parse(bytes) }
        #expect(error?.kind == .invalidJSON)
        #expect(error?.path.description == "$.condition.args[0].value")
    }

    @Test func loneSurrogateEscapeIsInvalidJSON() {
        let error = parseError { () throws(ConditionError) in
            try Self.parser.parse(text: #"{"op":"eq","args":[{"type":"string","value":"\ud800"}]}"#)
        }
        #expect(error?.kind == .invalidJSON)
    }

    @Test func unescapedControlCharacterIsInvalidJSON() {
        let error = parseError { () throws(ConditionError) in
            try Self.parser.parse(text: "{\"op\":\"eq\",\"args\":[{\"type\":\"string\",\"value\":\"a\tb\"}]}")
        }
        #expect(error?.kind == .invalidJSON)
    }

    @Test(arguments: ["01", "1.", ".5", "-", "1e", "+1", "0x1", "NaN"])
    func malformedNumbersAreInvalidJSON(number: String) {
        let error = parseError { () throws(ConditionError) in
            try Self.parser.parse(text: #"{"op":"eq","args":[{"type":"argument","argumentNumber":\#(number)}]}"#)
        }
        #expect(error?.kind == .invalidJSON)
    }
}
