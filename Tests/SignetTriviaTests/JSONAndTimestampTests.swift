import Foundation
import Testing
@testable import SignetTrivia

@Suite("JSON parser, writer and timestamps")
struct JSONAndTimestampTests {
    @Test func parsesEscapesAndSurrogatePairs() throws {
        let value = try TriviaJSONParser.parse(Array(#"["a\"b\\c\/\n\t\u00e9\ud83d\ude00", "Zürich"]"#.utf8), maxDepth: 4)
        #expect(value == .array([.string("a\"b\\c/\n\té😀"), .string("Zürich")]))
    }

    @Test func numbersStayExactOrBecomeDoubles() throws {
        #expect(try TriviaJSONParser.parse(Array("9223372036854775807".utf8), maxDepth: 1) == .integer(Int.max))
        #expect(try TriviaJSONParser.parse(Array("-0".utf8), maxDepth: 1) == .integer(0))
        #expect(try TriviaJSONParser.parse(Array("2e1".utf8), maxDepth: 1) == .number(20))
        #expect(try TriviaJSONParser.parse(Array("92233720368547758070".utf8), maxDepth: 1) == .number(9.223_372_036_854_775_807e19))
    }

    @Test func rejectsWhatJSONForbids() {
        let cases: [(String, Int, String)] = [
            ("01", 1, "unexpected text after the JSON value"),
            ("[1,]", 3, "expected a value"),
            ("{\"a\":1,}", 7, "expected a string key"),
            ("\"\u{01}\"", 1, "control character in a string"),
            (#""\x""#, 2, "invalid escape"),
            (#""\ud83d""#, 7, "expected a low surrogate escape"),
            ("tru", 3, "expected true"),
            ("1.", 2, "expected a digit after '.'"),
            ("[1 2]", 3, "expected ',' or ']' in an array"),
        ]
        for (text, offset, reason) in cases {
            #expect(throws: TriviaMessageError.invalidJSON(byteOffset: offset, reason: reason), "\(text)") {
                try TriviaJSONParser.parse(Array(text.utf8), maxDepth: 4)
            }
        }
        #expect(throws: TriviaMessageError.invalidJSON(byteOffset: 1, reason: "invalid UTF-8 in a string")) {
            try TriviaJSONParser.parse([0x22, 0xFF, 0x22], maxDepth: 4)
        }
    }

    @Test func writerEscapesControlCharactersAndQuotes() {
        let value = TriviaJSONValue.object([("k\"", .string("a\u{01}\n\\")), ("n", .null), ("b", .bool(true))])
        #expect(TriviaJSONWriter.text(of: value) == #"{"k\"":"a\u0001\n\\","n":null,"b":true}"#)
    }

    /// Expected strings from Python's datetime (an implementation independent of this one).
    @Test func formatsKnownInstants() {
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: 1_800_000_000)) == "2027-01-15T08:00:00.000Z")
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: 1_800_000_010.25)) == "2027-01-15T08:00:10.250Z")
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: 4_107_542_400)) == "2100-03-01T00:00:00.000Z")
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59.999Z")
    }

    @Test func parsesKnownInstantsAndRefusesImpossibleOnes() {
        #expect(TriviaTimestamp.date(from: "2027-01-15T08:00:10.250Z") == Date(timeIntervalSince1970: 1_800_000_010.25))
        #expect(TriviaTimestamp.date(from: "2027-01-15T08:00:10Z") == Date(timeIntervalSince1970: 1_800_000_010))
        #expect(TriviaTimestamp.date(from: "2000-02-29T00:00:00.5Z") == Date(timeIntervalSince1970: 951_782_400.5))
        #expect(TriviaTimestamp.date(from: "1969-12-31T23:59:59.500Z") == Date(timeIntervalSince1970: -0.5))
        for bad in ["2027-02-29T00:00:00.000Z", "2027-01-15 08:00:10.000Z", "2027-01-15T08:00:10.000+01:00",
                    "2027-01-15T24:00:00.000Z", "2027-01-15T08:00:10.Z", "2027-1-15T08:00:10.000Z", ""] {
            #expect(TriviaTimestamp.date(from: bad) == nil, "\(bad)")
        }
    }
}
