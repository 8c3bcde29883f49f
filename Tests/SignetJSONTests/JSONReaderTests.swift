import Foundation
import SignetJSON
import Testing

/// Signet's one JSON reader: the grammar, exact integers, faults by byte offset and path, and limits.
@Suite("JSON reader")
struct JSONReaderTests {
    func read(_ text: String, limits: JSONLimits = .default) throws(JSONReadError) -> JSONValue {
        try JSONReader.read(Array(text.utf8), limits: limits).value
    }

    @Test func parsesEscapesAndSurrogatePairs() throws {
        let value = try read(#"["a\"b\\c\/\n\t\u00e9\ud83d\ude00", "Zürich"]"#)
        #expect(value == .array([.string("a\"b\\c/\n\té😀"), .string("Zürich")]))
    }

    @Test func numbersStayExactOrBecomeDoubles() throws {
        #expect(try read("9223372036854775807") == .integer(Int.max))
        #expect(try read("-9223372036854775808") == .integer(Int.min))
        #expect(try read("-0") == .integer(0))
        #expect(try read("2e1") == .number(20))
        #expect(try read("1.5") == .number(1.5))
        #expect(try read("92233720368547758070") == .number(9.223_372_036_854_775_807e19))
    }

    @Test func objectsKeepTheirOrder() throws {
        let value = try read(#"{"b": 1, "a": [true, null], "c": {}}"#)
        guard case .object(let object) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["a"] == .array([.bool(true), .null]))
    }

    @Test("faults name their byte offset and the path of the value being read")
    func faults() {
        let cases: [(text: String, offset: Int, path: String, message: String)] = [
            ("01", 1, "$", "unexpected \"1\" after the end of the document"),
            ("[1,]", 3, "$[1]", "unexpected character \"]\" where a value should be"),
            (#"{"a":1,}"#, 7, "$", "expected a member name in double quotes"),
            ("\"\u{01}\"", 1, "$", "a control character (0x1) inside a string must be escaped"),
            (#""\x""#, 2, "$", #"\"x" is not a JSON escape"#),
            (#""\ud83d""#, 7, "$", "a high surrogate escape is not followed by a low surrogate escape"),
            ("tru", 0, "$", "expected true"),
            ("1.", 2, "$", "a number needs digits after \".\""),
            ("[1 2]", 3, "$[1]", "expected \",\" or \"]\", found \"2\""),
            (#"{"a": [{"b": }]}"#, 13, "$.a[0].b", "unexpected character \"}\" where a value should be"),
            ("1e400", 0, "$", "1e400 is not a finite number"),
        ]
        for testCase in cases {
            #expect(throws: JSONReadError(.invalid, at: pathOf(testCase.path), byteOffset: testCase.offset, testCase.message),
                    "\(testCase.text)") {
                _ = try read(testCase.text)
            }
        }
    }

    func pathOf(_ text: String) -> JSONPath {
        switch text {
        case "$[1]": return JSONPath([.index(1)])
        case "$.a[0].b": return JSONPath([.key("a"), .index(0), .key("b")])
        default: return .root
        }
    }

    @Test("invalid UTF-8 and duplicate keys are refused")
    func utf8AndDuplicates() {
        #expect(throws: JSONReadError(.invalid, at: .root, byteOffset: 1, "a string is not valid UTF-8")) {
            _ = try JSONReader.read([0x22, 0xFF, 0x22])
        }
        #expect(throws: JSONReadError(.duplicateKey("a"), at: JSONPath([.key("a")]), byteOffset: 9, "the member \"a\" appears twice")) {
            _ = try read(#"{"a": 1, "a": 2}"#)
        }
    }

    @Test("each limit refuses the input and names itself")
    func limits() throws {
        let small = JSONLimits(maxBytes: 10, maxDepth: 3, maxStringBytes: 4)
        #expect(throws: JSONReadError(.tooLarge(limit: 10), at: .root, byteOffset: 10, "the input has 11 bytes; the limit is 10")) {
            _ = try read("[1,2,3,4,5]", limits: small)
        }
        #expect(throws: JSONReadError(.tooDeep(limit: 3), at: JSONPath([.index(0), .index(0), .index(0)]), byteOffset: 3,
                                      "arrays and objects nest deeper than 3 levels")) {
            _ = try read("[[[[]]]]", limits: small)
        }
        #expect(throws: JSONReadError(.stringTooLong(limit: 4), at: .root, byteOffset: 1, "a string is longer than 4 bytes")) {
            _ = try read(#""abcde""#, limits: small)
        }
        #expect(throws: JSONReadError(.stringTooLong(limit: 4), at: .root, byteOffset: 1, "a string is longer than 4 bytes")) {
            _ = try read(#""ab\ncd""#, limits: small)
        }
        #expect(try read(#""abcd""#, limits: small) == .string("abcd"))
    }

    @Test("a document 100,000 levels deep is refused at the depth limit, without recursion")
    func depthBomb() {
        let bomb = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONReadError.self) { _ = try read(bomb) }
        do {
            _ = try read(bomb)
        } catch {
            #expect(error.kind == .tooDeep(limit: 512))
            #expect(error.byteOffset == 512)
        }
    }

    /// Reading time grows linearly with depth: twice the depth, about twice the time (never four times).
    @Test("reading a 512-deep document costs about twice a 256-deep one")
    func linearInDepth() throws {
        func document(_ depth: Int) -> [UInt8] {
            Array((String(repeating: #"{"a": ["#, count: depth / 2) + "1" + String(repeating: "]}", count: depth / 2)).utf8)
        }
        let shallow = document(256), deep = document(512)
        // Best of 40 runs each, the two interleaved: under load a phase of contention then slows both alike,
        // where measuring one after the other once let it inflate one side only (3.16 in a CI run).
        var fastest = (shallow: Duration.seconds(60), deep: Duration.seconds(60))
        for _ in 0..<40 {
            fastest.shallow = min(fastest.shallow, try time(shallow))
            fastest.deep = min(fastest.deep, try time(deep))
        }
        func time(_ bytes: [UInt8]) throws -> Duration {
            let start = ContinuousClock.now
            _ = try JSONReader.read(bytes)
            return ContinuousClock.now - start
        }
        let ratio = fastest.deep / fastest.shallow
        #expect(ratio < 3.0, "512 levels took \(ratio)× the time of 256")
    }
}

@Suite("JSON writer and paths")
struct JSONWriterAndPathTests {
    @Test func writerEscapesControlCharactersAndQuotes() {
        let value = JSONValue.object(JSONObject([("k\"", .string("a\u{01}\n\\")), ("n", .null), ("b", .bool(true)),
                                                 ("i", .integer(-3)), ("x", .number(.nan))]))
        #expect(JSONWriter.text(of: value) == #"{"k\"":"a\u0001\n\\","n":null,"b":true,"i":-3,"x":null}"#)
    }

    @Test("every path is spelled $.a.b[2], with non-identifier keys quoted")
    func pathsAreSpelledOneWay() {
        let path = JSONPath([.key("condition"), .key("args"), .index(1), .key("args"), .index(0)])
        #expect(path.description == "$.condition.args[1].args[0]")
        #expect(JSONPath.root.description == "$")
        #expect(JSONPath([.index(2), .key("_id")]).description == "$[2]._id")
        #expect(JSONPath([.key("condition"), .key("a b")]).description == #"$.condition["a b"]"#)
        #expect(JSONPath([.key("2x"), .key("é")]).description == #"$["2x"]["é"]"#)
    }

    private struct Shape: Decodable {
        struct Point: Decodable { let amount: Int }
        let point_types: [Point]
    }

    @Test("a DecodingError maps to the one path spelling; a document refused whole is read again to say where")
    func decodingFailures() throws {
        func failure(_ text: String) -> (String, String)? {
            do {
                _ = try JSONDecoder().decode(Shape.self, from: Data(text.utf8))
                return nil
            } catch let error as DecodingError {
                let (path, reason) = JSONDecodingFailure.describe(error, bytes: Array(text.utf8))
                return (path.description, reason)
            } catch {
                return nil
            }
        }
        let wrongType = try #require(failure(#"{"point_types": [{"amount": 1}, {"amount": "x"}]}"#))
        #expect(wrongType.0 == "$.point_types[1].amount")
        #expect(wrongType.1 == "expected a number")
        let missing = try #require(failure(#"{"point_types": [{}]}"#))
        #expect(missing.0 == "$.point_types[0].amount")
        #expect(missing.1 == "required field is missing")
        // Foundation says only "The given data was not valid JSON."; the reader names the place and the limit.
        let bomb = try #require(failure(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)))
        #expect(bomb.1 == "arrays and objects nest deeper than 512 levels (byte 512)")
        let broken = try #require(failure(#"{"point_types": [1,,]}"#))
        #expect(broken.0 == "$.point_types[1]")
        #expect(broken.1 == "unexpected character \",\" where a value should be (byte 19)")
    }
}
