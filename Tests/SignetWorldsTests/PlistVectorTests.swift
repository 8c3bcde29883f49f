import Foundation
import SignetWorlds
import Testing

/// Decodes every file in `plists/` and checks the outcome documented in `plists/README.md`.
@Suite struct PlistVectorTests {
    enum Expected {
        case decodes(WorldsResponse)
        case fails(WorldsError)
        case failsMatching(description: String, (WorldsError) -> Bool)
    }

    static func location(_ offset: Int, _ line: Int, _ column: Int) -> PropertyListSourceLocation {
        PropertyListSourceLocation(offset: offset, line: line, column: column)
    }

    static func expectation(for name: String) -> Expected? {
        switch name {
        case "seed-example.plist":
            // One `}` too many: the root closes at line 16, the extra brace is alone on line 17.
            .fails(.malformedPropertyList(.trailingContent(found: "`}`", at: location(469, 17, 1)), contentType: nil))
        case "seed-example-corrected.plist":
            .decodes(WorldsResponse(worlds: [ExpectedWorlds.australia6]))
        case "real-server.openstep.plist", "real-server.xml.plist", "real-server.binary.python.plist",
            "real-server.binary.signet.plist":
            .decodes(ExpectedWorlds.realServerResponse)
        case "error-insufficient-parameters.plist":
            .fails(.server(message: "Insufficient parameters."))
        case "unknown-user.plist":
            .decodes(WorldsResponse(worlds: [], serverVersion: "3.2.1", time: "2016-03-01 12:00:00 +0000", info: "Unknown user"))
        case "number-ids.xml.plist":
            .decodes(WorldsResponse(worlds: [ExpectedWorlds.australia6], serverVersion: "3"))
        case "number-ids.binary.python.plist":
            .decodes(WorldsResponse(worlds: [ExpectedWorlds.australia6, ExpectedWorlds.oesterreich1], serverVersion: "3"))
        case "unicode-name.plist":
            .decodes(
                WorldsResponse(worlds: [
                    ExpectedWorlds.oesterreich1,
                    ExpectedWorlds.world(
                        "301", "Ελλάδα 2 🏰", "GR", "el", server: "GR-2", status: ("2", "in \"maintenance\"\n\tsoon")),
                ]))
        case "malformed-truncated.plist":
            .fails(.malformedPropertyList(.unexpectedEnd(expected: "a key or `}`", at: location(247, 9, 1)), contentType: nil))
        case "malformed-unterminated-string.plist":
            .fails(
                .malformedPropertyList(
                    .unexpectedEnd(
                        expected: "the closing `\"` of the string that starts at line 5, column 20 (byte 84)",
                        at: location(131, 9, 1)), contentType: nil))
        case "malformed-bad-escape.plist":
            .failsMatching(description: "invalid escape at line 5, column 31") {
                if case .malformedPropertyList(.invalidEscape(let detail, let at), _) = $0 {
                    return detail.hasPrefix("`\\q`") && at == location(95, 5, 31)
                }
                return false
            }
        case "malformed-missing-equals.plist":
            .fails(
                .malformedPropertyList(
                    .unexpectedCharacter(found: "`A`", expected: "`=` after the key \"country\"", at: location(59, 4, 21)),
                    contentType: nil))
        case "malformed-duplicate-key.plist":
            .fails(.malformedPropertyList(.duplicateKey("info", at: location(55, 4, 5)), contentType: nil))
        case "malformed-deep-nesting.plist":
            .fails(.malformedPropertyList(.nestingTooDeep(limit: 64, at: location(90, 2, 89)), contentType: nil))
        case "deep-nesting.binary.python.plist":
            .fails(.malformedPropertyList(.nestingTooDeep(limit: 64, at: nil), contentType: nil))
        case "malformed.xml.plist":
            // The `<dict>` of the first world is never closed: `</plist>` (byte 162) comes where a key was due.
            .fails(
                .malformedPropertyList(
                    .malformed(format: .xml, detail: "expected <key> or </dict>, found </plist>", offset: 162),
                    contentType: nil))
        case "binary-truncated.plist":
            .failsMatching(description: "malformed binary") {
                if case .malformedPropertyList(.malformed(format: .binary, _, _), _) = $0 { return true }
                return false
            }
        case "world-missing-url.plist":
            .decodes(
                WorldsResponse(
                    worlds: [ExpectedWorlds.australia6, ExpectedWorlds.english2],
                    failures: [WorldDecodingFailure(index: 1, keyPath: "$.allAvailableWorlds[1].url", problem: .missingKey)],
                    serverVersion: "3.2.1"))
        case "wrong-type.plist":
            .decodes(
                WorldsResponse(
                    worlds: [ExpectedWorlds.deutschland14],
                    failures: [
                        WorldDecodingFailure(
                            index: 0, keyPath: "$.allAvailableWorlds[0].worldStatus",
                            problem: .wrongType(expected: "dictionary", found: "string")),
                        WorldDecodingFailure(
                            index: 2, keyPath: "$.allAvailableWorlds[2].worldStatus.id",
                            problem: .wrongType(expected: "string or integer", found: "array")),
                        WorldDecodingFailure(index: 3, keyPath: "$.allAvailableWorlds[3].mapURL", problem: .invalidURL("not a url")),
                    ]))
        case "wrong-type-world-list.plist":
            .fails(.invalidResponse(keyPath: "$.allAvailableWorlds", problem: .wrongType(expected: "array", found: "string")))
        case "missing-world-list.plist":
            .fails(.invalidResponse(keyPath: "$.allAvailableWorlds", problem: .missingKey))
        case "root-array.plist":
            .fails(.invalidResponse(keyPath: "$", problem: .wrongType(expected: "dictionary", found: "array")))
        default:
            nil
        }
    }

    @Test func everyVectorFileHasAnExpectation() throws {
        let names = try PlistFolder.plistNames()
        #expect(names.count >= 25)
        for name in names {
            #expect(Self.expectation(for: name) != nil, "no expectation for \(name)")
        }
    }

    @Test(arguments: (try? PlistFolder.plistNames()) ?? [])
    func vectorDecodesAsDocumented(name: String) throws {
        let expected = try #require(Self.expectation(for: name))
        let bytes = try PlistFolder.bytes(name)
        let result = Result { () throws(WorldsError) in try WorldsDecoder.decode(bytes, contentType: nil) }
        switch (expected, result) {
        case (.decodes(let response), .success(let decoded)):
            #expect(decoded == response)
        case (.fails(let error), .failure(let thrown)):
            #expect(thrown == error, "\(thrown)")
        case (.failsMatching(let description, let matches), .failure(let thrown)):
            #expect(matches(thrown), "expected \(description), got \(thrown)")
        default:
            Issue.record("\(name): expected \(expected), got \(result)")
        }
    }

    @Test func seedExampleErrorPointsAtTheExtraBrace() throws {
        let bytes = try PlistFolder.bytes("seed-example.plist")
        #expect(throws: WorldsError.self) { try WorldsDecoder.decode(bytes, contentType: "text/plain") }
        do {
            _ = try WorldsDecoder.decode(bytes, contentType: "text/plain")
        } catch {
            #expect(
                error.description
                    == "worlds response (text/plain) is not a property list: property list: at line 17, column 1 (byte 469): expected end of input after the root value, found `}`"
            )
        }
        #expect(bytes[469] == UInt8(ascii: "}"))
        #expect(bytes.count == 471)
    }

    @Test func unknownUserIsFlagged() throws {
        let response = try WorldsDecoder.decode(try PlistFolder.bytes("unknown-user.plist"), contentType: nil)
        #expect(response.isUnknownUser)
        #expect(response.worlds.isEmpty)
        let known = try WorldsDecoder.decode(try PlistFolder.bytes("real-server.openstep.plist"), contentType: nil)
        #expect(!known.isUnknownUser)
    }

    @Test func formatsAreDetectedFromTheBytes() throws {
        #expect(PropertyListFormat.detect(try PlistFolder.bytes("real-server.openstep.plist")) == .openStep)
        #expect(PropertyListFormat.detect(try PlistFolder.bytes("real-server.xml.plist")) == .xml)
        #expect(PropertyListFormat.detect(try PlistFolder.bytes("real-server.binary.python.plist")) == .binary)
        #expect(PropertyListFormat.detect(try PlistFolder.bytes("real-server.binary.signet.plist")) == .binary)
        #expect(PropertyListFormat.detect(Array("  \n<plist version=\"1.0\"><string>a</string></plist>".utf8)) == .xml)
        #expect(PropertyListFormat.detect([0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?>".utf8)) == .xml)
        #expect(PropertyListFormat.detect(Array("<0102>".utf8)) == .openStep)
    }
}
