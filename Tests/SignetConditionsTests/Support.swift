import SignetConditions

/// Builds ConditionData text for tests, so that the JSON under test stays readable.
enum ConditionJSON {
    static func argument(_ number: Int) -> String {
        #"{"type":"argument","argumentNumber":\#(number)}"#
    }

    static func value(_ text: String) -> String {
        #"{"type":"string","value":"\#(text)"}"#
    }

    static func condition(_ op: String, _ args: String...) -> String {
        #"{"op":"\#(op)","args":[\#(args.joined(separator: ","))]}"#
    }

    /// `and(and(…(eq(arg1, "a"))…))` with `depth` conditions in all.
    static func nested(depth: Int) -> String {
        String(repeating: #"{"op":"and","args":["#, count: depth - 1)
            + condition("eq", argument(1), value("a"))
            + String(repeating: "]}", count: depth - 1)
    }
}

extension ConditionParser {
    /// Parses text, for tests.
    func parse(text: String) throws(ConditionError) -> Condition {
        try parse(Array(text.utf8))
    }
}

/// The error a parse throws, or nil.
func parseError(_ parse: () throws(ConditionError) -> Condition) -> ConditionError? {
    do {
        _ = try parse()
        return nil
    } catch {
        return error
    }
}
