import Foundation
import SignetWorlds
import Testing
@testable import SignetServer

@Suite struct WorldsDecoderTests {
    static let goodWorld: PropertyListValue = [
        "country": "AU", "id": 126, "language": "en",
        "mapURL": "http://maps2.lordsandknights.com/v2/LKWorldServer-AU-6",
        "name": "Australia 6 (recommended)",
        "url": "http://backend2.lordsandknights.com/XYRALITY/WebObjects/LKWorldServer-AU-6.woa",
        "worldStatus": ["description": "online", "id": 3],
    ]

    static func replacing(_ key: String, with value: PropertyListValue?) -> PropertyListValue {
        guard case .dictionary(var dictionary) = goodWorld else { return goodWorld }
        dictionary[key] = value
        return .dictionary(dictionary)
    }

    func decode(_ value: PropertyListValue, policy: WorldsDecoder.FailurePolicy = .reportAndSkip) throws(WorldsError) -> WorldsResponse {
        try WorldsDecoder(failurePolicy: policy).decode(value)
    }

    @Test func numberIdsBecomeDecimalStrings() throws {
        let response = try decode(["allAvailableWorlds": [Self.goodWorld]])
        #expect(response.worlds == [ExpectedWorlds.australia6])
    }

    @Test func oneBadWorldDoesNotLoseTheOthers() throws {
        let response = try decode([
            "allAvailableWorlds": [Self.goodWorld, Self.replacing("name", with: nil), "not a world", Self.goodWorld]
        ])
        #expect(response.worlds == [ExpectedWorlds.australia6, ExpectedWorlds.australia6])
        #expect(
            response.failures == [
                WorldDecodingFailure(index: 1, keyPath: "$.allAvailableWorlds[1].name", problem: .missingKey),
                WorldDecodingFailure(
                    index: 2, keyPath: "$.allAvailableWorlds[2]", problem: .wrongType(expected: "dictionary", found: "string")),
            ])
        #expect(response.failures[0].description == "$.allAvailableWorlds[1].name: missing")
    }

    @Test("the first failures are listed and all are counted; the good worlds are kept, packed")
    func failuresBeyondTheReportAreCounted() throws {
        let limit = WorldsDecoder.maximumReportedFailures
        let entries: [PropertyListValue] = (0..<(limit + 50)).map { $0 % 2 == 0 ? "not a world" : Self.goodWorld }
            + Array(repeating: "not a world", count: limit)
        let response = try decode(["allAvailableWorlds": .array(entries)])
        #expect(response.worlds.count == (limit + 50) / 2 && response.worlds.allSatisfy { $0 == ExpectedWorlds.australia6 })
        #expect(response.failureCount == (limit + 50) / 2 + limit)
        #expect(response.failures.count == limit)
        let bad = entries.indices.filter { entries[$0] == "not a world" }
        #expect(response.failures.map(\.index) == Array(bad.prefix(limit)))
        // Told through OpenStep text too (the reader streams the list).
        let text = "{allAvailableWorlds=(" + Array(repeating: "a", count: 2 * limit).joined(separator: ",") + ");}"
        let streamed = try WorldsDecoder.decode(Array(text.utf8), contentType: nil)
        #expect(streamed.failureCount == 2 * limit && streamed.failures.count == limit && streamed.worlds.isEmpty)
    }

    @Test func rejectPolicyFailsOnTheFirstBadWorld() {
        let value: PropertyListValue = ["allAvailableWorlds": [Self.goodWorld, Self.replacing("id", with: "")]]
        #expect(throws: WorldsError.invalidWorld(WorldDecodingFailure(index: 1, keyPath: "$.allAvailableWorlds[1].id", problem: .empty))) {
            try decode(value, policy: .rejectResponse)
        }
    }

    @Test func fieldProblemsNameTheirKeyPath() throws {
        let cases: [(PropertyListValue, WorldDecodingFailure)] = [
            (Self.replacing("id", with: 1.5),
             WorldDecodingFailure(index: 0, keyPath: "$.allAvailableWorlds[0].id", problem: .wrongType(expected: "string or integer", found: "real"))),
            (Self.replacing("country", with: 3),
             WorldDecodingFailure(index: 0, keyPath: "$.allAvailableWorlds[0].country", problem: .wrongType(expected: "string", found: "integer"))),
            (Self.replacing("url", with: "/relative/path"),
             WorldDecodingFailure(index: 0, keyPath: "$.allAvailableWorlds[0].url", problem: .invalidURL("/relative/path"))),
            // A bad URL is quoted to its first 200 characters, then its length.
            (Self.replacing("url", with: .string(String(repeating: "u", count: 300))),
             WorldDecodingFailure(index: 0, keyPath: "$.allAvailableWorlds[0].url",
                                  problem: .invalidURL(String(repeating: "u", count: 200) + "… (300 bytes)"))),
            // Over 8 KiB a URL is not parsed, even one that would parse.
            (Self.replacing("url", with: .string("http://b.lk.com/" + String(repeating: "a", count: 8_177))),
             WorldDecodingFailure(index: 0, keyPath: "$.allAvailableWorlds[0].url",
                                  problem: .invalidURL("http://b.lk.com/" + String(repeating: "a", count: 184) + "… (8193 bytes)"))),
            (Self.replacing("worldStatus", with: ["id": 3]),
             WorldDecodingFailure(index: 0, keyPath: "$.allAvailableWorlds[0].worldStatus.description", problem: .missingKey)),
        ]
        for (world, failure) in cases {
            #expect(try decode(["allAvailableWorlds": [world]]).failures == [failure])
        }
        // At 8 KiB exactly it is parsed.
        let longest = "http://b.lk.com/" + String(repeating: "a", count: 8_176)
        #expect(try decode(["allAvailableWorlds": [Self.replacing("url", with: .string(longest))]]).failures.isEmpty)
    }

    @Test func errorKeyWinsOverEverythingElse() {
        #expect(throws: WorldsError.server(message: "Insufficient parameters.")) {
            try decode(["error": "Insufficient parameters.", "allAvailableWorlds": [Self.goodWorld]])
        }
        #expect(throws: WorldsError.server(message: "(an error of kind dictionary)")) {
            try decode(["error": ["code": "1"]])
        }
    }

    @Test func metadataAndExtrasAreKept() throws {
        let response = try decode([
            "allAvailableWorlds": [], "serverVersion": 4, "time": "now", "info": "  unknown USER ",
            "banner": ["a", "b"],
        ])
        #expect(response.serverVersion == "4")
        #expect(response.time == "now")
        #expect(response.isUnknownUser)
        #expect(response.extras == ["banner": ["a", "b"]])
    }

    @Test func badMetadataIsAnInvalidResponse() {
        #expect(throws: WorldsError.invalidResponse(keyPath: "$.info", problem: .wrongType(expected: "string", found: "array"))) {
            try decode(["allAvailableWorlds": [], "info": ["x"]])
        }
    }

    @Test func malformedBodiesCarryTheContentType() {
        #expect(
            throws: WorldsError.malformedPropertyList(
                .unexpectedCharacter(
                    found: "`!`", expected: "a value (a string, `{`, `(` or `<`)",
                    at: PropertyListSourceLocation(offset: 0, line: 1, column: 1)),
                contentType: "text/html")
        ) {
            try WorldsDecoder.decode(Data("!DOCTYPE html".utf8), contentType: "text/html")
        }
    }

    @Test func eachFormatOfTheSameReplyDecodesTheSame() throws {
        let reply = WorldsReply.worlds(
            [ExpectedWorlds.australia6, ExpectedWorlds.oesterreich1], serverVersion: "1", time: "t")
        for format in PropertyListFormat.allCases {
            let bytes = try PropertyListWriter.write(reply, as: format)
            let response = try WorldsDecoder.decode(bytes, contentType: nil)
            #expect(response == WorldsResponse(
                worlds: [ExpectedWorlds.australia6, ExpectedWorlds.oesterreich1], serverVersion: "1", time: "t"))
        }
    }
}
