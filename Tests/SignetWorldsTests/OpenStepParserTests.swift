import Foundation
import SignetWorlds
import Testing

@Suite struct OpenStepParserTests {
    func read(_ text: String, limits: PropertyListLimits = .default) throws(PropertyListError) -> PropertyListValue {
        try PropertyListReader(limits: limits).read(Array(text.utf8), as: .openStep)
    }

    func error(_ text: String, limits: PropertyListLimits = .default) -> PropertyListError? {
        do {
            _ = try read(text, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsDictionariesArraysAndBothStringKinds() throws {
        let value = try read(#"{ a = b; "key two" = ( x, "y z", <0a0B ff> ); empty = {}; none = (); }"#)
        let expected: PropertyListValue = [
            "a": "b", "key two": [.string("x"), .string("y z"), .data(Data([0x0A, 0x0B, 0xFF]))],
            "empty": .dictionary([:]), "none": [],
        ]
        #expect(value == expected)
        #expect(value.dictionaryValue?.keys == ["a", "key two", "empty", "none"])
    }

    @Test func lastSemicolonAndTrailingCommaAreOptional() throws {
        #expect(try read("{ a = 1; b = 2 }") == ["a": "1", "b": "2"])
        #expect(try read("( 1, 2, )") == ["1", "2"])
        #expect(try read("{}") == .dictionary([:]))
    }

    @Test func unquotedStringsTakeTheDocumentedCharacters() throws {
        #expect(try read("abc_$+/:.-XYZ09") == "abc_$+/:.-XYZ09")
        #expect(try read("http://example.com/a") == "http://example.com/a")
    }

    @Test func escapesInQuotedStrings() throws {
        #expect(try read(#""a\nb\tc\"d\\e\'f""#) == "a\nb\tc\"d\\e'f")
        #expect(try read(#""caf\U00e9 \U00C9""#) == "café É")
        #expect(try read(#""\Ud83c\Udff0""#) == "🏰")
        #expect(try read(#""\101\102\060""#) == "AB0")
        #expect(try read(#""\303\251""#) == "é")  // octal escapes are UTF-8 bytes
        #expect(try read(#""\a\b\f\v\r""#) == "\u{07}\u{08}\u{0C}\u{0B}\r")
        #expect(try read("'single \"quoted\"'") == "single \"quoted\"")
        #expect(try read("\"raw UTF-8: Ελλάδα\"") == "raw UTF-8: Ελλάδα")
    }

    @Test func commentsAreSkippedBetweenTokens() throws {
        let text = """
            // leading comment
            { /* block
               comment */ a = b; // trailing
              c = "// not a comment"; }
            /* after */
            """
        #expect(try read(text) == ["a": "b", "c": "// not a comment"])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try PropertyListReader().read([0xEF, 0xBB, 0xBF] + Array("{a=b;}".utf8)) == ["a": "b"])
    }

    @Test func badEscapesAreErrorsWithTheirLocation() {
        #expect(error(#""ab\q""#) == .invalidEscape(
            "`\\q` (valid: \\n \\t \\r \\a \\b \\f \\v \\\" \\' \\\\ \\U and four hex digits, \\ooo)",
            at: PropertyListSourceLocation(offset: 3, line: 1, column: 4)))
        if case .invalidEscape(let detail, let at) = error(#""\U00e""#) {
            #expect(detail == "`\\U` needs exactly four hex digits")
            #expect(at.offset == 1)
        } else {
            Issue.record("expected an invalid escape")
        }
        if case .invalidEscape(let detail, _) = error(#""\Ud83c""#) {
            #expect(detail.contains("unpaired surrogate"))
        } else {
            Issue.record("expected an unpaired surrogate")
        }
        if case .invalidEscape(let detail, _) = error(#""\777""#) {
            #expect(detail.contains("above \\377"))
        } else {
            Issue.record("expected an octal escape out of range")
        }
    }

    @Test func invalidUTF8FromOctalEscapesIsAnError() {
        #expect(error(#""\377""#) == .invalidText(at: PropertyListSourceLocation(offset: 0, line: 1, column: 1)))
    }

    @Test func structuralErrorsSayWhatWasExpected() {
        let location = { (offset: Int, line: Int, column: Int) in
            PropertyListSourceLocation(offset: offset, line: line, column: column)
        }
        #expect(error("") == .unexpectedEnd(expected: "a value", at: location(0, 1, 1)))
        #expect(error("{ a = b") == .unexpectedEnd(expected: "`;` or `}` after the value of \"a\"", at: location(7, 1, 8)))
        #expect(error("{ a = b, }") == .unexpectedCharacter(
            found: "`,`", expected: "`;` or `}` after the value of \"a\"", at: location(7, 1, 8)))
        #expect(error("( a b )") == .unexpectedCharacter(
            found: "`b`", expected: "`,` or `)` after an array element", at: location(4, 1, 5)))
        #expect(error("{ (a) = b; }") == .unexpectedCharacter(
            found: "`(`", expected: "a dictionary key (a string) or `}`", at: location(2, 1, 3)))
        #expect(error("{ a = ; }") == .unexpectedCharacter(
            found: "`;`", expected: "a value (a string, `{`, `(` or `<`)", at: location(6, 1, 7)))
        #expect(error("<0a1>") == .unexpectedCharacter(
            found: "`>`", expected: "a second hex digit (data needs an even number of digits)", at: location(4, 1, 5)))
        #expect(error("<0a zz>") == .unexpectedCharacter(found: "`z`", expected: "a hex digit or `>`", at: location(4, 1, 5)))
        #expect(error("a\n/* open") == .unexpectedEnd(
            expected: "`*/` closing the comment that starts at line 2, column 1 (byte 2)", at: location(9, 2, 8)))
        #expect(error("{}\n}") == .trailingContent(found: "`}`", at: location(3, 2, 1)))
        #expect(error("a b") == .trailingContent(found: "`b`", at: location(2, 1, 3)))
        #expect(error("é") == .unexpectedCharacter(
            found: "byte 0xC3", expected: "a value (a string, `{`, `(` or `<`)", at: location(0, 1, 1)))
    }

    @Test func limitsAreEnforced() {
        let shallow = PropertyListLimits(maximumDepth: 2)
        #expect((try? read("( ( a ) )", limits: shallow)) == [["a"]])
        #expect(error("( ( ( a ) ) )", limits: shallow) == .nestingTooDeep(
            limit: 2, at: PropertyListSourceLocation(offset: 4, line: 1, column: 5)))
        #expect(error("( a, b )", limits: PropertyListLimits(maximumByteCount: 4)) == .inputTooLarge(byteCount: 8, limit: 4))
        #expect(error("( a, b, c )", limits: PropertyListLimits(maximumValueCount: 3)) == .tooManyValues(limit: 3))

        let twoKeys = PropertyListLimits(maximumKeysPerDictionary: 2)
        #expect((try? read("{ a = 1; b = 2; }", limits: twoKeys)) == ["a": "1", "b": "2"])
        #expect(error("{ a = 1; b = 2; c = 3; }", limits: twoKeys) == .tooManyKeys(
            limit: 2, at: PropertyListSourceLocation(offset: 16, line: 1, column: 17), offset: nil))
    }

    @Test func veryDeepInputFailsCleanlyInsteadOfOverflowingTheStack() {
        // The root array is depth 1, so the 65th `(` (byte 64) is one too deep.
        let text = String(repeating: "(", count: 200_000)
        #expect(error(text) == .nestingTooDeep(limit: 64, at: PropertyListSourceLocation(offset: 64, line: 1, column: 65)))
    }

    @Test func sourceLocationsOfOffsetsOutsideTheInputDoNotTrap() {
        // "ab\ncd": the end is line 2, column 3; before the start is line 1, column 1.
        let bytes = Array("ab\ncd".utf8)
        #expect(PropertyListSourceLocation(offset: Int.max, in: bytes) == PropertyListSourceLocation(offset: Int.max, line: 2, column: 3))
        #expect(PropertyListSourceLocation(offset: Int.min, in: bytes) == PropertyListSourceLocation(offset: Int.min, line: 1, column: 1))
        #expect(PropertyListSourceLocation(offset: 4, in: bytes) == PropertyListSourceLocation(offset: 4, line: 2, column: 2))
        // A slice whose indices do not start at 0.
        let slice = bytes[3...]
        #expect(PropertyListSourceLocation(offset: Int.max, in: slice) == PropertyListSourceLocation(offset: Int.max, line: 1, column: 3))
    }
}
