import Foundation
import SignetWorlds
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import SignetServer

/// Signet's own XML property-list reader: what Apple's format allows, and faults named by byte offset.
/// Valid documents are also read by Foundation's `PropertyListSerialization`, an independent reader.
@Suite struct XMLReaderTests {
    static let prolog = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
        + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"

    func read(_ text: String) throws(PropertyListError) -> PropertyListValue {
        try PropertyListReader().read(Array(text.utf8), as: .xml)
    }

    func error(_ text: String) -> PropertyListError? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }

    static func malformed(_ detail: String, at offset: Int) -> PropertyListError {
        .malformed(format: .xml, detail: detail, offset: offset)
    }

    @Test func everyValueKindAgreesWithFoundation() throws {
        let text = Self.prolog + """
            <plist version="1.0">
            <dict>
            \t<key>s</key><string>a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#233;&#x1F3F0;<![CDATA[<raw> & ]]></string>
            \t<key>empty</key><string/>
            \t<!-- a comment -->
            \t<key>i</key><integer>-42</integer>
            \t<key>hex</key><integer>0x1F</integer>
            \t<key>min</key><integer>-9223372036854775808</integer>
            \t<key>r</key><real>2.5e3</real>
            \t<key>t</key><true/><key>f</key><false/>
            \t<key>d</key><data>
            \tAAEC
            \tAw==
            \t</data>
            \t<key>date</key><date>2016-03-01T12:00:00Z</date>
            \t<key>a</key><array><string>x</string><array/><dict/></array>
            </dict>
            </plist>
            """
        let expected: PropertyListValue = [
            "s": "a <b> & \"c\" 'd' é🏰<raw> & ", "empty": "", "i": -42, "hex": 31, "min": .number(.integer(Int.min)),
            "r": 2500.0, "t": true, "f": false, "d": .data(Data([0, 1, 2, 3])),
            "date": .date(Date(timeIntervalSince1970: 1_456_833_600)), "a": ["x", [], [:]],
        ]
        #expect(try read(text) == expected)
        let foundation = try #require(
            try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil) as? [String: Any])
        #expect(foundation["s"] as? String == "a <b> & \"c\" 'd' é🏰<raw> & ")
        #expect(foundation["date"] as? Date == Date(timeIntervalSince1970: 1_456_833_600))
        #expect(foundation["d"] as? Data == Data([0, 1, 2, 3]))
    }

    @Test func theRootNeedNotBeWrappedInPlist() throws {
        #expect(try read("<?xml version=\"1.0\"?><array><string>a</string></array>") == ["a"])
        #expect(try read("\u{FEFF}<plist><string>a</string></plist><!-- end -->\n") == "a")
    }

    @Test func integersOutsideTheRangeAreFaultsNotTraps() {
        // The element starts at byte 20 (after `<plist><dict><key>n</key>` … see each text).
        let prefix = "<plist><dict><key>n</key>"  // 25 bytes
        #expect(error(prefix + "<integer>18446744073709551616</integer></dict></plist>")
            == Self.malformed("<integer> 18446744073709551616 is outside the 64-bit range", at: 25))
        #expect(error(prefix + "<integer>-9223372036854775809</integer></dict></plist>")
            == Self.malformed("<integer> -9223372036854775809 is outside the 64-bit range", at: 25))
        #expect(error(prefix + "<integer>0x10000000000000000</integer></dict></plist>")
            == Self.malformed("<integer> 0x10000000000000000 is outside the 64-bit range", at: 25))
        #expect(error(prefix + "<integer>18446744073709551615</integer></dict></plist>")
            == .unsupportedValue(keyPath: "$.n", detail: "integer 18446744073709551615 is larger than Int.max"))
        #expect(error(prefix + "<integer>12a</integer></dict></plist>") == Self.malformed("<integer> \"12a\" is not an integer", at: 25))
    }

    @Test func characterReferencesAreBounded() {
        // `<string>` starts at byte 7; the reference at byte 15.
        #expect(error("<plist><string>&#99999999999999999999;</string></plist>")
            == Self.malformed("`&` does not start an entity or character reference", at: 15))
        #expect(error("<plist><string>&#xFFFFFFFF;</string></plist>")
            == Self.malformed("`&#xFFFFFFFF;` is not a Unicode scalar", at: 15))
        #expect(error("<plist><string>&#xD800;</string></plist>") == Self.malformed("`&#xD800;` is not a Unicode scalar", at: 15))
        #expect(error("<plist><string>&nbsp;</string></plist>") == Self.malformed("unknown entity `&nbsp;`", at: 15))
    }

    @Test func datesAndDataAreChecked() throws {
        #expect(error("<plist><date>2016-02-30T00:00:00Z</date></plist>")
            == Self.malformed("<date> \"2016-02-30T00:00:00Z\" is not yyyy-MM-ddTHH:mm:ssZ", at: 7))
        #expect(error("<plist><date>99999999999-01-01T00:00:00Z</date></plist>")
            == Self.malformed("<date> \"99999999999-01-01T00:00:00Z\" is not yyyy-MM-ddTHH:mm:ssZ", at: 7))
        #expect(error("<plist><data>!!!</data></plist>")
            == Self.malformed("<data> is not base64 (3 characters, not a multiple of 4)", at: 7))
        // Strict and canonical (RFC 4648 §4, §3.5), white space apart: the fuzzer's `AAH+/w=A=` was read as
        // five bytes by `Data(base64Encoded:)` and as six by Foundation's plist reader.
        #expect(error("<plist><data>AAH+/w=A=</data></plist>")
            == Self.malformed("<data> is not base64 (9 characters, not a multiple of 4)", at: 7))
        #expect(error("<plist><data>AAH+/w=A</data></plist>")
            == Self.malformed("<data> is not base64 (`=` at character 6 is not at the end)", at: 7))
        #expect(error("<plist><data>!AA+/w==</data></plist>")
            == Self.malformed("<data> is not base64 (character 0 (0x21) is not in the base64 alphabet)", at: 7))
        #expect(error("<plist><data>QR==</data></plist>")
            == Self.malformed("<data> is not base64 (character 1 has non-zero unused bits)", at: 7))
        #expect(error("<plist><data>QUJ=</data></plist>")
            == Self.malformed("<data> is not base64 (character 2 has non-zero unused bits)", at: 7))
        #expect(try read("<plist><data>\n\tQUJD\n\tRA==\n</data></plist>") == .data(Data("ABCD".utf8)))
        #expect(error("<plist><real>twelve</real></plist>") == Self.malformed("<real> \"twelve\" is not a number", at: 7))
    }

    @Test func structuralFaultsNameTheirByte() {
        #expect(error("<plist><dict><key>a</key><string>x</string><key>a</key><true/></dict></plist>")
            == Self.malformed("duplicate dictionary key \"a\"", at: 43))
        #expect(error("<plist><dict><string>x</string></dict></plist>")
            == Self.malformed("expected <key> or </dict>, found <string>", at: 13))
        #expect(error("<plist><dict><key>a</key>") == Self.malformed("the input ended where a tag was expected", at: 25))
        #expect(error("<plist><string>a<b/></string></plist>")
            == Self.malformed("<string> holds markup; expected text and </string>", at: 16))
        #expect(error("<plist><set/></plist>") == Self.malformed("<set> is not a property-list element", at: 7))
        #expect(error("<plist><true/></plist><true/>") == Self.malformed("content after the root value", at: 22))
        #expect(error("<plist><true/><true/></plist>") == Self.malformed("expected </plist> after the root value", at: 14))
        #expect(error("<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist/>")
            == Self.malformed("encoding \"utf-16\" is not supported (only UTF-8)", at: 0))
        #expect(error("<plist><string>\u{FF}</string></plist>") == nil)
        #expect(error("<plist><string>\("\u{80}")</string></plist>") == nil)
    }

    @Test func invalidUTF8IsRefused() {
        var bytes = Array("<plist><string>".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("</string></plist>".utf8)
        #expect(throws: Self.malformed("<string> holds bytes that are not UTF-8", at: 7)) {
            try PropertyListReader().read(bytes, as: .xml)
        }
    }

    @Test func nestingAndValueLimitsHold() {
        let deep = "<plist>" + String(repeating: "<array>", count: 100_000) + "</plist>"
        #expect(error(deep) == .nestingTooDeep(limit: 64, at: nil))
        #expect(throws: PropertyListError.tooManyValues(limit: 3)) {
            try PropertyListReader(limits: PropertyListLimits(maximumValueCount: 3))
                .read(Array("<plist><array><true/><true/><true/></array></plist>".utf8), as: .xml)
        }
        // The third key starts at byte 51.
        #expect(throws: PropertyListError.tooManyKeys(limit: 2, at: nil, offset: 51)) {
            try PropertyListReader(limits: PropertyListLimits(maximumKeysPerDictionary: 2))
                .read(Array("<plist><dict><key>a</key><true/><key>b</key><true/><key>c</key><true/></dict></plist>".utf8), as: .xml)
        }
    }

    @Test func everyTruncationFailsCleanly() throws {
        let bytes = try PropertyListWriter.write(["allAvailableWorlds": [["id": "126", "name": "Österreich 1"]]], as: .xml)
        for length in 0..<bytes.count where !bytes[length...].allSatisfy({ $0 == 0x0A }) {
            #expect((try? PropertyListReader().read(Array(bytes[0..<length]), as: .xml)) == nil, "truncated to \(length) bytes")
        }
    }

    // MARK: The markup around the elements

    /// Whether libxml2 (Foundation's `XMLParser`), an independent XML parser, calls `text` well-formed.
    static func wellFormed(_ text: String) -> Bool {
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldResolveExternalEntities = false
        return parser.parse() && parser.parserError == nil
    }

    /// Where `marker` first occurs in `text`, in UTF-8 bytes.
    static func offset(of marker: String, in text: String) -> Int {
        guard let range = text.range(of: marker) else { return -1 }
        return text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    }

    /// Ill-formed markup, each refused at the byte where it goes wrong (the marker), and refused by libxml2 too.
    static let illFormedMarkup: [(text: String, detail: String, marker: String)] = [
        ("<plist><true/></plist><?xml version=\"1.0\"?>", "an XML declaration is allowed only at the start of the document",
         "<?xml version"),
        ("<!-- first --><?xml version=\"1.0\"?><plist><true/></plist>",
         "an XML declaration is allowed only at the start of the document", "<?xml"),
        ("<plist><string>a<?XML x?>b</string></plist>", "an XML declaration is allowed only at the start of the document", "<?XML"),
        ("<?x$l veral?><plist><true/></plist>", "processing instruction target `x` is not followed by white space or `?>`", "$l"),
        ("<? pi?><plist><true/></plist>", "processing instruction without a target name", "<? pi"),
        ("<?xml ve\u{01}rsion=\"1.0\"?><plist><true/></plist>", "the XML declaration has no version", "ve"),
        ("<?xml version=\"1.0\" encoding(\"UTF-8\"?><plist><true/></plist>",
         "`encoding` in the XML declaration has no value", "(\"UTF-8"),
        ("<?xml version=\"1.0\" standalone=\"yes\" encoding=\"UTF-8\"?><plist><true/></plist>",
         "the XML declaration holds text that is not version, encoding or standalone (in that order)", "encoding"),
        ("<?xml version=\"2.0\"?><plist><true/></plist>", "XML version \"2.0\" is not 1.x", "<?xml"),
        ("<?xml encoding=\"UTF-8\" version=\"1.0\"?><plist><true/></plist>", "the XML declaration has no version", "encoding"),
        ("<?xml version=\"1.0\" standalone=\"maybe\"?><plist><true/></plist>",
         "standalone \"maybe\" is neither \"yes\" nor \"no\"", "<?xml"),
        ("<plist><true/></plist><!DOCTYPE plist>", "a document type is allowed only before the root element", "<!DOCTYPE"),
        ("<!DOCTYPE plist><!DOCTYPE plist><plist><true/></plist>", "a second document type (the first is at byte 0)", "<!DOCTYPE plist><plist"),
        ("<!DOCTYPE plist PUBLI<?xml version=\"1.0\"?>><plist><true/></plist>", "document type holds unexpected text", "PUBLI"),
        ("<!DOCTYPE><plist><true/></plist>", "`<!DOCTYPE` is not followed by white space and a name", "><plist"),
        ("<!DOCTYPE plist PUBLIC \"a{b\" \"c\"><plist><true/></plist>",
         "the public identifier holds a character XML does not allow there", "{"),
        ("<!-- a -- b --><plist><true/></plist>", "`--` inside a comment (only its end `-->` may hold it)", "-- b"),
        ("<plist version=\"1.0\" junk><true/></plist>", "attribute `junk` of <plist> has no value", "><true"),
        ("<plist version=\"1.0\"x=\"y\"><true/></plist>", "tag <plist> holds text that is not an attribute", "x="),
        ("<plist version=\"1<0\"><true/></plist>", "`<` in the value of attribute `version` of <plist>", "<0"),
    ]

    @Test("ill-formed markup around the elements is refused where it goes wrong, as libxml2 refuses it",
          arguments: illFormedMarkup.indices)
    func illFormedMarkupIsRefused(row: Int) {
        let (text, detail, marker) = Self.illFormedMarkup[row]
        #expect(error(text) == Self.malformed(detail, at: Self.offset(of: marker, in: text)), "\(text)")
        #expect(!Self.wellFormed(text), "libxml2 reads \(text)")
    }

    @Test func markupThatXMLAllowsIsRead() throws {
        let accepted: [(String, PropertyListValue)] = [
            (Self.prolog + "<plist version=\"1.0\"><string>a</string></plist>", "a"),
            ("<?xml version='1.0' encoding='utf-8' standalone='yes' ?><plist version='1.0'><true/></plist>", true),
            ("<?xml-stylesheet href=\"a.xsl\"?><plist><string>a<?pi data?>b<!-- c -->d</string></plist><?end?>", "abd"),
            ("<!DOCTYPE plist SYSTEM \"a<b>.dtd\" [<!ENTITY e \"]>\"><!-- ] -->]><plist><integer>1</integer></plist>", 1),
            ("<!---->\n<!DOCTYPE plist>\n<!-- é -->\n<plist\n>\n<array\n/></plist\n>\n", []),
        ]
        for (text, value) in accepted {
            #expect(Self.wellFormed(text), "libxml2 refuses \(text)")
            #expect(try read(text) == value, "\(text)")
        }
    }

    @Test func skippedMarkupMustBeUTF8() {
        for (prefix, what) in [("<!-- ", "comment"), ("<?pi ", "processing instruction"), ("<plist a=\"", "attribute `a` of <plist>")] {
            var bytes = Array(prefix.utf8)
            let bad = bytes.count
            bytes += [0xE1, 0x20]
            bytes += Array((what == "comment" ? " --><plist/>" : what.hasPrefix("attribute") ? "\"/>" : "?><plist/>").utf8)
            #expect(throws: Self.malformed("\(what) holds bytes that are not UTF-8", at: bad)) {
                try PropertyListReader().read(bytes, as: .xml)
            }
        }
    }
}
