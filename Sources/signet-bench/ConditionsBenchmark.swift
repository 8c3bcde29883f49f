import Foundation
import SignetConditions

/// Evaluating the seed's three example conditions (parsed, checked and compiled once), ns per evaluation,
/// against the same logic written directly in Swift in the same run. Target: within 2×.
enum ConditionsBenchmark {
    static func run(batches: Int, batchSize: Int) throws {
        print("Evaluating the seed's conditions (\(batches) interleaved batches × \(batchSize) evaluations, best batch)")
        let parser = ConditionParser.standard
        let sources = [
            #"{"op":"eq","args":[{"type":"argument","argumentNumber":1},{"type":"string","value":"rollout.io"}]}"#,
            #"{"op":"and","args":[{"op":"ne","args":[{"type":"argument","argumentNumber":1},{"type":"string","value":"rollout.io"}]},{"op":"containsString","args":[{"type":"argument","argumentNumber":1},{"type":"string","value":"ro"}]}]}"#,
            #"{"op":"and","args":[{"op":"eq","args":[{"type":"argument","argumentNumber":1},{"type":"string","value":"rollout.io"}]},{"op":"eq","args":[{"type":"argument","argumentNumber":2},{"type":"string","value":"control your production"}]}]}"#,
        ]
        let conditions = try sources.map { try parser.parse(Array($0.utf8)) }
        let arguments = ["rollout.io", "control your production"]
        let direct: [([String]) -> Bool] = [
            { $0[0] == "rollout.io" },
            { $0[0] != "rollout.io" && $0[0].contains("ro") },
            { $0[0] == "rollout.io" && $0[1] == "control your production" },
        ]
        var sink = 0
        for (index, condition) in conditions.enumerated() {
            let results = try Measure.interleaved(batches: batches, batchSize: batchSize, [
                { sink &+= direct[index](arguments) ? 1 : 0 },
                { sink &+= condition.evaluate(arguments: arguments) ? 1 : 0 },
            ])
            let ratio = results[1].best / results[0].best
            report("example \(index + 1): \(condition)".prefix(52).description, "\(fixed(results[1].best, 0)) ns/eval",
                   "(direct Swift \(fixed(results[0].best, 0)) ns, ×\(fixed(ratio)); target ≤ 2× \(ratio <= 2 ? "met" : "NOT met"))")
        }
        if sink == 42 { print("") }
    }
}
