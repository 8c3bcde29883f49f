import Foundation
import Testing
import SignetPuzzles

@Suite("Settings validation")
struct SettingsValidationTests {
    let all = PuzzleCapabilityCatalog.standardSet()
    let noAngle = PuzzleCapabilityCatalog.standardSet(includingAngle: false)

    func settings(
        width: Int = 20, height: Int = 20, words: Int = 10, minLength: Int = 4, maxLength: Int = 8,
        capabilities: [String] = ["horizontal", "vertical", "angle"]
    ) -> PuzzleSettings {
        PuzzleSettings(
            width: width, height: height, words: words, minLength: minLength, maxLength: maxLength,
            capabilities: capabilities)
    }

    @Test("the seed's example request is valid and encodes to the documented body")
    func seedExampleIsValid() throws {
        try settings().validate(against: all)
        let body = try settings().requestBody()
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(Set(object.keys) == ["width", "height", "words", "minLength", "maxLength", "capabilities"])
        #expect(object["width"] as? Int == 20)
        #expect(object["minLength"] as? Int == 4)
        #expect(object["capabilities"] as? [String] == ["horizontal", "vertical", "angle"])
        let expected = #"{"capabilities":["horizontal","vertical","angle"],"height":20,"maxLength":8,"minLength":4,"width":20,"words":10}"#
        #expect(String(decoding: body, as: UTF8.self) == expected)
    }

    @Test("angle is refused by a server without it, listing what it offers")
    func unsupportedCapability() {
        #expect(throws: PuzzleSettingsError.unsupportedCapability(keyword: "angle", offered: ["horizontal", "vertical"])) {
            try settings().validate(against: noAngle)
        }
        let message = PuzzleSettingsError.unsupportedCapability(keyword: "angle", offered: ["horizontal", "vertical"])
            .description
        #expect(message.contains("angle") && message.contains("horizontal") && message.contains("vertical"))
    }

    @Test("numbers outside their ranges name the field", arguments: [
        ("width", 0, 1...64), ("width", 65, 1...64), ("height", -3, 1...64), ("words", 0, 1...100),
        ("words", 101, 1...100), ("minLength", 1, 2...64), ("maxLength", 65, 2...64),
    ])
    func outOfRange(field: String, value: Int, allowed: ClosedRange<Int>) {
        var candidate = settings(minLength: 2, maxLength: 8)
        switch field {
        case "width": candidate.width = value
        case "height": candidate.height = value
        case "words": candidate.words = value
        case "minLength": candidate.minLength = value
        default: candidate.maxLength = value
        }
        #expect(candidate.problems(against: all).contains(.outOfRange(field: field, value: value, allowed: allowed)))
    }

    @Test("minLength above maxLength is refused")
    func lengthsReversed() {
        #expect(throws: PuzzleSettingsError.minLengthAboveMaxLength(minLength: 6, maxLength: 5)) {
            try settings(minLength: 6, maxLength: 5).validate(against: all)
        }
    }

    @Test("no direction, or only unknown keywords, is refused")
    func noDirection() {
        #expect(throws: PuzzleSettingsError.noDirection(offered: ["horizontal", "vertical", "angle"])) {
            try settings(capabilities: []).validate(against: all)
        }
        let extra = CapabilitySet.resolve([
            PuzzleCapability(name: "Backwards", description: "", keyword: "backwards"),
            PuzzleCapability(name: "Horizontal", description: "", keyword: "horizontal"),
        ]).capabilities
        #expect(throws: PuzzleSettingsError.noDirection(offered: ["horizontal"])) {
            try settings(capabilities: ["backwards"]).validate(against: extra)
        }
    }

    @Test("a keyword listed twice is refused")
    func duplicateKeyword() {
        #expect(throws: PuzzleSettingsError.duplicateCapability(keyword: "vertical")) {
            try settings(capabilities: ["vertical", "vertical"]).validate(against: all)
        }
    }

    @Test("words must fit the longest line of the chosen directions")
    func wordsMustFit() throws {
        // A 10×3 grid: rows are 10 long, columns 3, diagonals 3.
        #expect(throws: PuzzleSettingsError.wordsDoNotFit(minLength: 4, longestLine: 3, directions: ["vertical", "angle"])) {
            try settings(width: 10, height: 3, capabilities: ["vertical", "angle"]).validate(against: all)
        }
        try settings(width: 10, height: 3, capabilities: ["horizontal"]).validate(against: all)
        // maxLength may exceed the longest line: longer words are simply not chosen.
        try settings(width: 5, height: 5, minLength: 3, maxLength: 12).validate(against: all)
    }

    @Test("problems lists every fault")
    func everyProblemListed() {
        let problems = settings(width: 0, height: 100, words: 5, minLength: 9, maxLength: 3, capabilities: ["angle"])
            .problems(against: noAngle)
        #expect(problems.count == 5)
        #expect(problems.contains(.outOfRange(field: "width", value: 0, allowed: 1...64)))
        #expect(problems.contains(.outOfRange(field: "height", value: 100, allowed: 1...64)))
        #expect(problems.contains(.minLengthAboveMaxLength(minLength: 9, maxLength: 3)))
        #expect(problems.contains(.unsupportedCapability(keyword: "angle", offered: ["horizontal", "vertical"])))
        #expect(problems.contains(.noDirection(offered: ["horizontal", "vertical"])))
    }
}
