import Foundation
import Testing
import SignetPuzzles

@Suite("Capability lists")
struct CapabilityResolutionTests {
    static let publishedJSON = """
        [
            {"name": "Horizontal", "description": "Adds words horizontally in the puzzle", "keyword": "horizontal"},
            {"name": "Vertical", "description": "Adds words vertically in the puzzle", "keyword": "horizontal"},
            {"name": "Angle", "description": "Adds words at an angle in the puzzle", "keyword": "angle"}
        ]
        """

    @Test("the published list decodes and Vertical gets its own keyword, with a warning")
    func publishedListIsRepaired() throws {
        let published = try CapabilityListDecoder.decode(json(Self.publishedJSON))
        #expect(published.count == 3)
        let (set, warnings) = CapabilitySet.resolve(published)
        #expect(set.keywords == ["horizontal", "vertical", "angle"])
        #expect(set.capabilities.map(\.name) == ["Horizontal", "Vertical", "Angle"])
        #expect(set.capabilities[1].description == "Adds words vertically in the puzzle")
        #expect(warnings == [.keywordReplaced(
            name: "Vertical", publishedKeyword: "horizontal", replacement: "vertical", firstUser: "Horizontal")])
        let message = warnings[0].description
        #expect(message.contains("Vertical") && message.contains("\"horizontal\"") && message.contains("\"vertical\""))
    }

    @Test("a duplicate whose name is not a known keyword is dropped and named")
    func unknownDuplicateIsDropped() {
        let (set, warnings) = CapabilitySet.resolve([
            PuzzleCapability(name: "Horizontal", description: "", keyword: "horizontal"),
            PuzzleCapability(name: "Sideways", description: "", keyword: "horizontal"),
        ])
        #expect(set.keywords == ["horizontal"])
        #expect(warnings == [.duplicateDropped(name: "Sideways", keyword: "horizontal", firstUser: "Horizontal")])
        #expect(warnings[0].description.contains("Sideways"))
    }

    @Test("a keyword another entry publishes is never handed out by repair")
    func publishedKeywordWinsOverRepair() {
        let (set, warnings) = CapabilitySet.resolve([
            PuzzleCapability(name: "Horizontal", description: "", keyword: "horizontal"),
            PuzzleCapability(name: "Vertical", description: "first", keyword: "horizontal"),
            PuzzleCapability(name: "Up and down", description: "second", keyword: "vertical"),
        ])
        #expect(set.keywords == ["horizontal", "vertical"])
        #expect(set.capabilities[1].description == "second")
        #expect(warnings == [.duplicateDropped(name: "Vertical", keyword: "horizontal", firstUser: "Horizontal")])
    }

    @Test("a repaired keyword is taken: a third duplicate with the same name is dropped")
    func repairedKeywordIsTaken() {
        let (set, warnings) = CapabilitySet.resolve([
            PuzzleCapability(name: "Horizontal", description: "", keyword: "horizontal"),
            PuzzleCapability(name: " Vertical ", description: "", keyword: "horizontal"),
            PuzzleCapability(name: "VERTICAL", description: "", keyword: "horizontal"),
            PuzzleCapability(name: "Nameless", description: "", keyword: ""),
        ])
        #expect(set.keywords == ["horizontal", "vertical"])
        #expect(warnings.count == 3)
        #expect(warnings[1] == .duplicateDropped(name: "VERTICAL", keyword: "horizontal", firstUser: "Horizontal"))
        #expect(warnings[2] == .emptyKeywordDropped(name: "Nameless"))
    }

    @Test("unknown capabilities are kept; directions lists only the known ones")
    func unknownCapabilitiesAreKept() {
        let (set, warnings) = CapabilitySet.resolve([
            PuzzleCapability(name: "Backwards", description: "", keyword: "backwards"),
            PuzzleCapability(name: "Angle", description: "", keyword: "angle"),
        ])
        #expect(warnings.isEmpty)
        #expect(set.keywords == ["backwards", "angle"])
        #expect(set.directions == [.angle])
    }

    @Test("a malformed list names the path of the fault")
    func malformedListNamesPath() {
        #expect(throws: PuzzleDecodingError.malformed(path: "$[1].keyword", reason: "required field is missing")) {
            try CapabilityListDecoder.decode(json(#"[{"name":"A","description":"","keyword":"a"},{"name":"B","description":""}]"#))
        }
        #expect(throws: PuzzleDecodingError.malformed(path: "$[0].name", reason: "expected a string")) {
            try CapabilityListDecoder.decode(json(#"[{"name":5,"description":"","keyword":"a"}]"#))
        }
    }

    @Test("the reference catalog: standard, without Angle, and as published")
    func catalog() {
        #expect(PuzzleCapabilityCatalog.standard().map(\.keyword) == ["horizontal", "vertical", "angle"])
        #expect(PuzzleCapabilityCatalog.standard(includingAngle: false).map(\.name) == ["Horizontal", "Vertical"])
        #expect(PuzzleCapabilityCatalog.asPublished().map(\.keyword) == ["horizontal", "horizontal", "angle"])
        #expect(PuzzleCapabilityCatalog.standardSet(includingAngle: false).keywords == ["horizontal", "vertical"])
    }
}
