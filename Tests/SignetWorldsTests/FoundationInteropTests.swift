import Foundation
import SignetWorlds
import Testing
@testable import SignetServer

/// Cross-checks against Foundation's independent property-list implementation.
@Suite struct FoundationInteropTests {
    static var sample: [String: Any] { [
        "s": "Österreich 1", "i": 126, "neg": -7, "big": 5_000_000_000, "r": 2.25, "t": true, "f": false,
        "d": Data([9, 8, 7]), "date": Date(timeIntervalSinceReferenceDate: 100),
        "a": ["x", 1, ["y": "z"]], "long": String(repeating: "é", count: 40),
    ] }

    static let sampleValue: PropertyListValue = [
        "s": "Österreich 1", "i": 126, "neg": -7, "big": 5_000_000_000, "r": 2.25, "t": true, "f": false,
        "d": .data(Data([9, 8, 7])), "date": .date(Date(timeIntervalSinceReferenceDate: 100)),
        "a": ["x", 1, ["y": "z"]], "long": .string(String(repeating: "é", count: 40)),
    ]

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func readsWhatFoundationWrites(format: PropertyListSerialization.PropertyListFormat) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: Self.sample, format: format, options: 0)
        #expect(try PropertyListReader().read(data) == Self.sampleValue)
    }

    @Test(arguments: [PropertyListFormat.xml, .binary])
    func foundationReadsWhatSignetWrites(format: PropertyListFormat) throws {
        let bytes = try PropertyListWriter.write(Self.sampleValue, as: format)
        var detected = PropertyListSerialization.PropertyListFormat.openStep
        let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &detected)
        #expect(detected == (format == .xml ? .xml : .binary))
        let dictionary = try #require(object as? [String: Any])
        #expect(dictionary["s"] as? String == "Österreich 1")
        #expect((dictionary["i"] as? NSNumber)?.intValue == 126)
        #expect((dictionary["neg"] as? NSNumber)?.intValue == -7)
        #expect((dictionary["big"] as? NSNumber)?.int64Value == 5_000_000_000)
        #expect((dictionary["r"] as? NSNumber)?.doubleValue == 2.25)
        #expect(dictionary["t"] as? Bool == true)
        #expect(dictionary["d"] as? Data == Data([9, 8, 7]))
        #expect(dictionary["date"] as? Date == Date(timeIntervalSinceReferenceDate: 100))
        #expect(dictionary["long"] as? String == String(repeating: "é", count: 40))
        let array = try #require(dictionary["a"] as? [Any])
        #expect((array[2] as? [String: String]) == ["y": "z"])
    }

    /// XML 1.0 allows no C0 control but tab, line feed and carriage return. Foundation writes them raw all the
    /// same (`a\u{01}b`) and reads them back, and so does an Apple-built server's plist: Signet reads what
    /// Foundation writes (docs/decisions.md, "Control characters in XML property lists").
    @Test("an XML plist as Foundation writes a string with control characters is read as Foundation reads it")
    func controlCharactersAsFoundationWritesThem() throws {
        let name = "a\u{01}b\u{1B}[31m\u{07}c"
        let data = try PropertyListSerialization.data(fromPropertyList: ["name": name], format: .xml, options: 0)
        #expect(data.contains(0x01) && data.contains(0x1B), "Foundation wrote them escaped after all")
        #expect(try PropertyListReader().read(data) == ["name": .string(name)])
        let foundation = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
        #expect(foundation == ["name": name])
    }

    @Test func foundationReadsSignetOpenStepText() throws {
        let bytes = try PropertyListWriter.write(["name": "caf\u{E9} \"x\"\n", "list": ["a b", "c"]], as: .openStep)
        let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        let dictionary = try #require(object as? [String: Any])
        #expect(dictionary["name"] as? String == "caf\u{E9} \"x\"\n")
        #expect(dictionary["list"] as? [String] == ["a b", "c"])
    }
}
