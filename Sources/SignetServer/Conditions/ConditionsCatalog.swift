/// The conditions the reference server serves: the seed's three examples (trailing commas fixed, `_id`s
/// made distinct) and more, including one with an operator the standard registry lacks and one that
/// is malformed, so clients meet both. Documents are kept as JSON text and served byte for byte.
enum ConditionsCatalog {
    struct Entry: Sendable {
        let id: String
        let name: String
        /// The whole `{"name", "_id", "condition"}` document as sent.
        let document: String
    }

    static let entries: [Entry] = [
        entry("1", "first example - simple eq operator", #"""
            {"op": "eq", "args": [{"type": "argument", "argumentNumber": 1}, {"type": "string", "value": "rollout.io"}]}
            """#),
        entry("2", "second example - and operator", #"""
            {"op": "and", "args": [
              {"op": "ne", "args": [{"type": "argument", "argumentNumber": 1}, {"type": "string", "value": "rollout.io"}]},
              {"op": "containsString", "args": [{"type": "argument", "argumentNumber": 1}, {"type": "string", "value": "ro"}]}
            ]}
            """#),
        entry("3", "third example - 2 arguments", #"""
            {"op": "and", "args": [
              {"op": "eq", "args": [{"type": "argument", "argumentNumber": 1}, {"type": "string", "value": "rollout.io"}]},
              {"op": "eq", "args": [{"type": "argument", "argumentNumber": 2}, {"type": "string", "value": "control your production"}]}
            ]}
            """#),
        entry("4", "domain check - or with startsWith, schema's data key", #"""
            {"op": "or", "args": [
              {"op": "startsWith", "args": [{"type": "argument", "argumentNumber": 1}, {"type": "string", "data": "https://"}]},
              {"op": "eq", "args": [{"type": "argument", "argumentNumber": 2}, {"type": "string", "data": "insecure-ok"}]}
            ]}
            """#),
        entry("5", "unicode - canonical equivalence", #"""
            {"op": "eq", "args": [{"type": "argument", "argumentNumber": 1}, {"type": "string", "value": "caf\u00e9"}]}
            """#),
        entry("6", "unknown operator - endsWith is not registered by default", #"""
            {"op": "endsWith", "args": [{"type": "argument", "argumentNumber": 1}, {"type": "string", "value": ".io"}]}
            """#),
        entry("7", "malformed - a condition where a value belongs", #"""
            {"op": "eq", "args": [{"type": "argument", "argumentNumber": 1}, {"op": "eq", "args": []}]}
            """#),
    ]

    private static func entry(_ id: String, _ name: String, _ condition: String) -> Entry {
        Entry(id: id, name: name, document: #"{"name": "\#(name)", "_id": "\#(id)", "condition": \#(condition)}"#)
    }
}
