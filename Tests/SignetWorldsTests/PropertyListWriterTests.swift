import Foundation
import SignetWorlds
import Testing
@testable import SignetServer

@Suite struct PropertyListWriterTests {
    /// A tree using every kind, with awkward strings.
    static let everyKind: PropertyListValue = [
        "string": "plain",
        "spaces and \"quotes\"": "back\\slash\nnew line\ttab",
        "unicode": "Österreich 1 – Ελλάδα 🏰",
        "empty": "",
        "integer": 126,
        "negative": -42,
        "large": .number(.integer(Int.max)),
        "real": 1.5,
        "yes": true,
        "no": false,
        "date": .date(Date(timeIntervalSince1970: 1_456_833_600)),
        "data": .data(Data([0x00, 0x01, 0xFE, 0xFF, 0x10])),
        "array": ["a", 1, ["nested"], [:]],
        "emptyArray": [],
        "longArray": .array((0..<20).map { .number(.integer($0)) }),
        "longString": .string(String(repeating: "x", count: 300)),
    ]

    /// What OpenStep text gives back for `everyKind`: numbers, booleans and dates become strings.
    static let everyKindAsOpenStep: PropertyListValue = [
        "string": "plain",
        "spaces and \"quotes\"": "back\\slash\nnew line\ttab",
        "unicode": "Österreich 1 – Ελλάδα 🏰",
        "empty": "",
        "integer": "126",
        "negative": "-42",
        "large": "9223372036854775807",
        "real": "1.5",
        "yes": "YES",
        "no": "NO",
        "date": "2016-03-01T12:00:00Z",
        "data": .data(Data([0x00, 0x01, 0xFE, 0xFF, 0x10])),
        "array": ["a", "1", ["nested"], [:]],
        "emptyArray": [],
        "longArray": .array((0..<20).map { .string(String($0)) }),
        "longString": .string(String(repeating: "x", count: 300)),
    ]

    @Test(arguments: [PropertyListFormat.xml, .binary])
    func xmlAndBinaryRoundTripEveryKind(format: PropertyListFormat) throws {
        let bytes = try PropertyListWriter.write(Self.everyKind, as: format)
        #expect(PropertyListFormat.detect(bytes) == format)
        #expect(try PropertyListReader().read(bytes) == Self.everyKind)
    }

    @Test func openStepRoundTripTurnsScalarsIntoStrings() throws {
        let bytes = try PropertyListWriter.write(Self.everyKind, as: .openStep)
        #expect(bytes.allSatisfy { $0 < 0x80 }, "OpenStep output is pure ASCII")
        #expect(try PropertyListReader().read(bytes) == Self.everyKindAsOpenStep)
    }

    @Test func openStepOutputMatchesTheRealServerStyle() throws {
        let value: PropertyListValue = [
            "allAvailableWorlds": [
                [
                    "country": "AU", "id": "126", "name": "Australia 6 (recommended)",
                    "worldStatus": ["description": "online", "id": "3"],
                ]
            ],
            "name": "\u{D6}sterreich \"1\"",
            "blob": .data(Data([1, 2, 3, 4, 5])),
            "none": [],
        ]
        let text = String(decoding: try PropertyListWriter.write(value, as: .openStep), as: UTF8.self)
        #expect(
            text == """
                {
                    allAvailableWorlds = (
                        {
                            country = AU;
                            id = 126;
                            name = "Australia 6 (recommended)";
                            worldStatus = {
                                description = online;
                                id = 3;
                            };
                        }
                    );
                    name = "\\U00d6sterreich \\"1\\"";
                    blob = <01020304 05>;
                    none = ();
                }

                """)
    }

    @Test func openStepQuotesWhatWouldNotReadBack() throws {
        func written(_ string: String) throws -> String {
            String(decoding: try PropertyListWriter.write(.string(string), as: .openStep), as: UTF8.self)
        }
        #expect(try written("online") == "online\n")
        #expect(try written("") == "\"\"\n")
        #expect(try written("//x") == "\"//x\"\n")
        #expect(try written("a-b") == "\"a-b\"\n")
        #expect(try written("\u{01}") == "\"\\001\"\n")
        #expect(try written("🏰") == "\"\\Ud83c\\Udff0\"\n")
    }

    @Test func xmlOutputIsAppleShaped() throws {
        let text = String(decoding: try PropertyListWriter.write(["a": "x < y & z", "n": 3, "t": true], as: .xml), as: UTF8.self)
        #expect(
            text == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>a</key>
                \t<string>x &lt; y &amp; z</string>
                \t<key>n</key>
                \t<integer>3</integer>
                \t<key>t</key>
                \t<true/>
                </dict>
                </plist>

                """)
    }

    @Test func unwritableValuesNameTheirKeyPath() {
        #expect(throws: PropertyListError.unsupportedValue(keyPath: "$.a[1]", detail: "a real that is not finite")) {
            try PropertyListWriter.write(["a": [1, .number(.real(.infinity))]], as: .openStep)
        }
        #expect(throws: PropertyListError.unsupportedValue(keyPath: "$.k", detail: "control character U+1 cannot appear in XML")) {
            try PropertyListWriter.write(["k": "\u{01}"], as: .xml)
        }
    }

    @Test func binaryWriterIsDeterministicAndStoresEqualStringsOnce() throws {
        let value: PropertyListValue = [["id": "3"], ["id": "3"], ["id": "3"]]
        let first = try PropertyListWriter.write(value, as: .binary)
        #expect(first == (try PropertyListWriter.write(value, as: .binary)))
        // 4 containers + "id" + "3": objects counted in the trailer's 8-byte object count.
        let objectCount = first[(first.count - 24)..<(first.count - 16)].reduce(0) { $0 << 8 | Int($1) }
        #expect(objectCount == 6)
    }
}
