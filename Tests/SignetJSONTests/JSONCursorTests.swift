import SignetJSON
import Testing

/// The cursor: reads what a decoder asks for, skips the rest without keeping it, and reports faults as the
/// reader does (syntax and limits with byte offset and path), plus mismatches a tree reader cannot see.
@Suite("JSON cursor")
struct JSONCursorTests {
    /// A point `{"x", "y"}`; `x` required, `y` optional; anything else skipped.
    static func point(_ cursor: inout JSONCursor) throws(JSONReadError) -> (x: Int, y: String?) {
        var x: Int?, y: String?
        var seen = JSONKnownMembers()
        try cursor.readObject { cursor, key throws(JSONReadError) in
            switch key {
            case "x": try seen.first(0, cursor); x = try cursor.readInt()
            case "y": try seen.first(1, cursor); y = try cursor.readOptionalString()
            default: break
            }
        }
        guard let x else { throw cursor.missing("x") }
        return (x, y)
    }

    static func points(_ text: String) throws(JSONReadError) -> [(x: Int, y: String?)] {
        try JSONCursor.decode(Array(text.utf8)) { cursor throws(JSONReadError) in
            var points: [(x: Int, y: String?)] = []
            try cursor.readArray { cursor, _ throws(JSONReadError) in points.append(try point(&cursor)) }
            return points
        }
    }

    /// The fault `body` throws, or nil.
    func fault(_ body: () throws -> Void) -> JSONReadError? {
        do {
            try body()
            return nil
        } catch {
            return error as? JSONReadError
        }
    }

    @Test("reads the members asked for and skips the others, however they nest")
    func readsAndSkips() throws {
        let read = try Self.points(#"[{"x": 1, "junk": {"a": [1, 2, {"b": null}], "c": "\u00e9"}, "y": "one"}, {"y": null, "x": -2}]"#)
        #expect(read.map(\.x) == [1, -2] && read.map(\.y) == ["one", nil])
        let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(try Self.points(#"[{"deep": \#(deep), "x": 3}]"#).map(\.x) == [3])
    }

    @Test("a value of another kind, a missing member and a member named twice name their path")
    func mismatches() {
        let wrongKind = fault { _ = try Self.points(#"[{"x": 1}, {"x": "2"}]"#) }
        #expect(wrongKind == JSONReadError(.mismatch, at: JSONPath([.index(1), .key("x")]), byteOffset: 17, "expected a number, found a string"))
        let null = fault { _ = try Self.points(#"[{"x": null}]"#) }
        #expect(null?.message == "expected a number, found null")
        let missing = fault { _ = try Self.points(#"[{"x": 1}, {"y": "only"}]"#) }
        #expect(missing?.kind == .mismatch && missing?.path == JSONPath([.index(1), .key("x")]) && missing?.message == "required field is missing")
        let twice = fault { _ = try Self.points(#"[{"x": 1, "x": 2}]"#) }
        #expect(twice?.kind == .duplicateKey("x") && twice?.path == JSONPath([.index(0), .key("x")]))
    }

    @Test("whole numbers: exact, written with a fraction or exponent, or refused naming the range")
    func wholeNumbers() throws {
        func int(_ text: String) -> Result<Int, JSONReadError> {
            Result { () throws(JSONReadError) in try JSONCursor.decode(Array(text.utf8)) { cursor throws(JSONReadError) in try cursor.readInt() } }
        }
        #expect(try int("-9223372036854775808").get() == Int.min)
        #expect(try int("2.0").get() == 2 && (try int("1e3").get()) == 1_000)
        #expect(int("1.5").failure?.message == "expected a whole number")
        #expect(int("18446744073709551616").failure?.message == "the number is beyond the 64-bit integer range")
        #expect(int("9223372036854775808").failure?.kind == .mismatch)
        // Read from the decimal text, not through Double (which rounds past 2^53 and below 1e-308).
        #expect(try int("9007199254740993.0").get() == 9_007_199_254_740_993)
        #expect(try int("9223372036854775807.0").get() == Int.max && (try int("-92233720368547758.08e2").get()) == Int.min)
        #expect(try int("12.50e1").get() == 125 && (try int("-0.0").get()) == 0 && (try int("0e999").get()) == 0)
        #expect(try int("0.05e2").get() == 5 && (try int("1E+2").get()) == 100)
        #expect(int("2.0000000000000001").failure?.message == "expected a whole number")
        #expect(int("1e-400").failure?.message == "expected a whole number")
        #expect(int("9223372036854775808.0").failure?.message == "the number is beyond the 64-bit integer range")
        #expect(int("1e19").failure?.message == "the number is beyond the 64-bit integer range")
        // A number past Double's range is quoted in part: it may be megabytes of digits.
        let huge = "1" + String(repeating: "0", count: 400)
        #expect(int(huge + ".5").failure?.message == String(huge.prefix(40)) + "… (403 bytes) is not a finite number")
        let text = Result { () throws(JSONReadError) in try JSONCursor.decode(Array("[7, \"7\", true]".utf8)) { cursor throws(JSONReadError) in
            var ids: [String] = []
            try cursor.readArray { cursor, _ throws(JSONReadError) in ids.append(try cursor.readStringOrInt()) }
            return ids
        } }
        #expect(text.failure == JSONReadError(.mismatch, at: JSONPath([.index(2)]), byteOffset: 9, "expected a string or a number, found true or false"))
    }

    @Test("a syntax fault or limit anywhere wins over a mismatch, as when the whole document is read first")
    func syntaxFirst() {
        let later = fault { _ = try Self.points(#"[{"x": "one"}, {"x": 2,, }]"#) }
        #expect(later == JSONReadError(.invalid, at: JSONPath([.index(1)]), byteOffset: 23, "expected a member name in double quotes"))
        // A depth bomb where a number belongs: refused at the depth limit, its path and byte named.
        let bomb = #"[{"x": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}]"
        let deep = fault { _ = try Self.points(bomb) }
        #expect(deep?.kind == .tooDeep(limit: 512))
        #expect(deep?.path == JSONPath([.index(0), .key("x")] + Array(repeating: .index(0), count: 510)))
        #expect(deep?.byteOffset == 7 + 510)
        let trailing = fault { _ = try Self.points(#"[{"x": 1}] x"#) }
        #expect(trailing == JSONReadError(.invalid, at: .root, byteOffset: 11, #"unexpected "x" after the end of the document"#))
    }

    /// Skipping does not collect member names, so a name twice in a skipped object is not refused (only a
    /// decoder's known members are checked, ``JSONKnownMembers``); everything else is.
    @Test("faults in skipped values read exactly as the reader's")
    func skippedFaultsMatchTheReader() {
        let inputs = ["01", "[1,]", #"{"a":1,}"#, "\"\u{01}\"", #""\x""#, "tru", "[1 2]", #"{"a": [{"b": }]}"#, "1e400",
                      "[[[[", #"{"a" 1}"#, "[\"a\", {\"b\": [1, 2}]", "", "  "]
        for input in inputs {
            let bytes = Array(input.utf8)
            let reader = fault { _ = try JSONReader.read(bytes) }
            let cursor = fault { try JSONCursor.decode(bytes) { cursor throws(JSONReadError) in try cursor.skipValue() } }
            #expect(reader != nil && cursor == reader, "\(input): reader \(String(describing: reader)), cursor \(String(describing: cursor))")
        }
    }

    @Test("too many members names the container and the limit")
    func tooMany() {
        let many = fault {
            _ = try JSONCursor.decode(Array(#"{"m": {"a": 1, "b": 2, "c": 3}}"#.utf8)) { cursor throws(JSONReadError) in
                try cursor.readObject { cursor, _ throws(JSONReadError) in
                    var count = 0
                    try cursor.readObject { cursor, _ throws(JSONReadError) in
                        guard count < 2 else { throw cursor.tooMany("entries", limit: 2) }
                        count += 1
                    }
                }
            }
        }
        #expect(many == JSONReadError(.tooMany(limit: 2), at: JSONPath([.key("m")]), byteOffset: 28, "more than 2 entries; the limit is 2"))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
