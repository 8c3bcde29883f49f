import Foundation
import SignetConditions
import Testing

/// Deep nesting is refused cleanly (no recursion over untrusted depth), at the right place.
@Suite struct DepthTests {
    /// `condition` followed by `.args[0]` `count` times.
    static func path(argsZero count: Int) -> String {
        "$.condition" + String(repeating: ".args[0]", count: count)
    }

    @Test(arguments: [10_000, 100_000])
    func deepConditionIsRefusedAtTheFirstLevelTooDeep(depth: Int) {
        // 100,000 levels take 4.6 MB, over the default 1 MiB input limit: raise it to reach the depth check.
        let parser = ConditionParser(argumentCount: 2, limits: ConditionLimits(maxInputBytes: 16 << 20))
        let error = parseError { () throws(ConditionError) in
            try parser.parse(text: ConditionJSON.nested(depth: depth))
        }
        #expect(error?.kind == .nestingTooDeep)
        #expect(error?.path.description == Self.path(argsZero: 64))
    }

    @Test(arguments: [10_000, 100_000])
    func deepArraysInAnIgnoredMemberAreRefused(depth: Int) {
        let text = #"{"op":"eq","meta":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            + #","args":[{"type":"argument","argumentNumber":1},{"type":"string","value":"a"}]}"#
        let error = parseError { () throws(ConditionError) in try ConditionParser.standard.parse(text: text) }
        #expect(error?.kind == .nestingTooDeep)
        // The default limit keeps 2 × 64 + 4 = 132 JSON levels: the object and 131 arrays.
        #expect(error?.path.description == "$.condition.meta" + String(repeating: "[0]", count: 131))
    }

    @Test func deepArraysWhereAConditionBelongsAreTheWrongType() {
        // The first fault in document order wins: the root is an array, not a condition.
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let error = parseError { () throws(ConditionError) in try ConditionParser.standard.parse(text: text) }
        #expect(error?.kind == .wrongType)
        #expect(error?.path.description == "$.condition")
    }

    @Test func deepButMalformedJSONIsStillInvalidJSON() {
        let text = String(repeating: "[", count: 10_000) + "}" + String(repeating: "]", count: 9_999)
        let error = parseError { () throws(ConditionError) in try ConditionParser.standard.parse(text: text) }
        #expect(error?.kind == .invalidJSON)
        #expect(error?.byteOffset == 10_000)
    }

    @Test func deepDocumentIsRefusedByTheBoundedReader() {
        let text = #"{"name":"deep","_id":"9","condition":"# + ConditionJSON.nested(depth: 10_000) + "}"
        #expect {
            try ConditionDocument.parse(Array(text.utf8))
        } throws: { error in
            (error as? ConditionError)?.kind == .nestingTooDeep
                && (error as? ConditionError)?.path.description == Self.path(argsZero: 64)
        }
    }

    @Test func deepDocumentThroughJSONDecoderFailsWithoutCrashing() {
        // Foundation's JSONDecoder has its own depth limit (512); decoding fails, it does not crash.
        let text = #"{"name":"deep","_id":"9","condition":"# + ConditionJSON.nested(depth: 10_000) + "}"
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(ConditionDocument.self, from: Data(text.utf8))
        }
    }

    @Test func defaultLimitAcceptsDepth64AndRefuses65() throws {
        let condition = try ConditionParser.standard.parse(text: ConditionJSON.nested(depth: 64))
        #expect(condition.evaluate("a", ""))
        #expect(!condition.evaluate("b", ""))
        let error = parseError { () throws(ConditionError) in
            try ConditionParser.standard.parse(text: ConditionJSON.nested(depth: 65))
        }
        #expect(error?.kind == .nestingTooDeep)
        #expect(error?.path.description == Self.path(argsZero: 64))
    }

    @Test func limitIsConfigurableAndClamped() throws {
        #expect(ConditionLimits(maxDepth: 100_000).maxDepth == ConditionLimits.deepestAllowed)
        #expect(ConditionLimits(maxDepth: 0).maxDepth == 1)
        let shallow = ConditionParser(argumentCount: 1, limits: ConditionLimits(maxDepth: 3))
        #expect(throws: ConditionError.self) { try shallow.parse(text: ConditionJSON.nested(depth: 4)) }
        #expect(try shallow.parse(text: ConditionJSON.nested(depth: 3)).evaluate("a"))
    }

    @Test func deepestAllowedConditionParsesPrintsAndEvaluatesOnASmallStack() async throws {
        let depth = ConditionLimits.deepestAllowed
        let parser = ConditionParser(argumentCount: 1, limits: ConditionLimits(maxDepth: depth))
        let text = ConditionJSON.nested(depth: depth)
        // 512 KiB is the smallest stack a secondary thread gets on Apple platforms.
        let results = await withCheckedContinuation { continuation in
            let thread = Thread {
                let condition = try? parser.parse(text: text)
                continuation.resume(returning: (
                    condition?.evaluate("a"), condition?.evaluate("b"), condition?.description.count
                ))
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(results.0 == true)
        #expect(results.1 == false)
        #expect(results.2 == #"eq(arg1, "a")"#.count + (depth - 1) * "and()".count)
    }

    @Test func oversizedInputIsRefusedBeforeReading() {
        let parser = ConditionParser(argumentCount: 1, limits: ConditionLimits(maxInputBytes: 100))
        let error = parseError { () throws(ConditionError) in
            try parser.parse(text: String(repeating: " ", count: 101))
        }
        #expect(error?.kind == .inputTooLarge)
        #expect(error?.path.description == "$.condition")
    }
}
