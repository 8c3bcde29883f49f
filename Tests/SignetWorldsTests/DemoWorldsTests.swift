import Foundation
import SignetWorlds
import Testing
@testable import SignetServer

@Suite struct DemoWorldsTests {
    @Test func demoWorldsCoverSeveralCountriesStatusesAndANonASCIIName() {
        #expect((4...6).contains(DemoWorlds.all.count))
        #expect(Set(DemoWorlds.all.map(\.country)).count >= 4)
        #expect(Set(DemoWorlds.all.map(\.status.id)).count >= 2)
        #expect(DemoWorlds.all.contains { $0.name.unicodeScalars.contains { !$0.isASCII } })
        #expect(Set(DemoWorlds.all.map(\.id)).count == DemoWorlds.all.count)
    }

    @Test func replyIsShapedLikeTheRealServer() throws {
        let text = String(
            decoding: try PropertyListWriter.write(DemoWorlds.response(time: "2016-03-01 12:00:00 +0000"), as: .openStep),
            as: UTF8.self)
        #expect(text.hasPrefix("{\n    allAvailableWorlds = (\n        {\n            country = AU;\n            id = 126;\n"))
        #expect(text.contains("            name = \"\\U00d6sterreich 1\";\n"))
        #expect(text.hasSuffix("    serverVersion = \"signet-reference-1\";\n    time = \"2016-03-01 12:00:00 +0000\";\n}\n"))
    }

    @Test func everyValueOfTheReplyIsAString() {
        func onlyStrings(_ value: PropertyListValue) -> Bool {
            switch value {
            case .string: true
            case .array(let elements): elements.allSatisfy(onlyStrings)
            case .dictionary(let dictionary): dictionary.allSatisfy { onlyStrings($0.value) }
            default: false
            }
        }
        #expect(onlyStrings(DemoWorlds.response(time: "t")))
        #expect(onlyStrings(DemoWorlds.unknownUserResponse(time: "t")))
    }

    @Test func replyDecodesBackToTheDemoWorlds() throws {
        for format in PropertyListFormat.allCases {
            let bytes = try PropertyListWriter.write(DemoWorlds.response(time: "t"), as: format)
            let response = try WorldsDecoder.decode(bytes, contentType: nil)
            #expect(Array(response.worlds) == DemoWorlds.all)
            #expect(response.failures.isEmpty)
            #expect(response.serverVersion == DemoWorlds.serverVersion)
        }
    }

    @Test func unknownUserAndErrorShapes() throws {
        let unknown = try WorldsDecoder.decode(
            try PropertyListWriter.write(DemoWorlds.unknownUserResponse(time: "t"), as: .openStep), contentType: nil)
        #expect(unknown.isUnknownUser && unknown.worlds.isEmpty)
        let errorText = String(decoding: try PropertyListWriter.write(WorldsReply.insufficientParameters, as: .openStep), as: UTF8.self)
        #expect(errorText == "{\n    error = \"Insufficient parameters.\";\n}\n")
    }
}
