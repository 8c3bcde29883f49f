import Foundation
import Testing

@testable import SignetWorlds
@testable import SignetServer

/// The readers hand the root dictionary's `allAvailableWorlds` array over one element at a time and
/// keep an empty array in its place: the property that keeps a large answer's memory near the size of
/// its worlds, checked without measuring memory.
@Suite struct StreamingReadTests {
    static let document: PropertyListValue = [
        "allAvailableWorlds": [["id": "1", "list": ["a", "b"]], "two", ["id": "3"]],
        "serverVersion": "7",
    ]

    /// Reads `bytes` with the world list streamed: the root, and the elements received in order.
    static func streamed(_ bytes: [UInt8]) throws -> (root: PropertyListValue, elements: [(Int, PropertyListValue)], didStream: Bool) {
        var elements: [(Int, PropertyListValue)] = []
        let stream = PropertyListElementStream(key: "allAvailableWorlds") { elements.append(($0, $1)) }
        let root = try PropertyListReader().read(bytes, streaming: stream)
        return (root, elements, stream.didStream)
    }

    @Test(arguments: PropertyListFormat.allCases)
    func theWorldListArrivesElementByElement(format: PropertyListFormat) throws {
        let bytes = try PropertyListWriter.write(Self.document, as: format)
        let (root, elements, didStream) = try Self.streamed(bytes)
        #expect(didStream)
        #expect(root == ["allAvailableWorlds": [], "serverVersion": "7"])
        #expect(elements.map(\.0) == [0, 1, 2])
        #expect(elements.map(\.1) == [["id": "1", "list": ["a", "b"]], "two", ["id": "3"]])
    }

    @Test(arguments: PropertyListFormat.allCases)
    func onlyAnArrayAtTheRootIsStreamed(format: PropertyListFormat) throws {
        let nested: PropertyListValue = ["inner": ["allAvailableWorlds": ["x"]], "allAvailableWorlds": "not a list"]
        let (root, elements, didStream) = try Self.streamed(try PropertyListWriter.write(nested, as: format))
        #expect(!didStream)
        #expect(elements.isEmpty)
        #expect(root == nested)
    }

    @Test func elementsAreHandedOverBeforeTheRestIsRead() throws {
        // Two worlds, then a syntax fault: both worlds were received before the reader met the fault.
        let text = "{ allAvailableWorlds = ( { id = 1; }, { id = 2; } ); serverVersion = ; }"
        var received: [Int] = []
        let stream = PropertyListElementStream(key: "allAvailableWorlds") { index, _ in received.append(index) }
        #expect(throws: PropertyListError.self) { try PropertyListReader().read(Array(text.utf8), streaming: stream) }
        #expect(received == [0, 1])
    }

    @Test func streamedElementsCountTowardsTheValueLimit() {
        // Root, the list, 3 strings: 5 values; a limit of 4 stops at the third element.
        let text = "{ allAvailableWorlds = ( a, b, c ); }"
        let stream = PropertyListElementStream(key: "allAvailableWorlds") { _, _ in }
        #expect(throws: PropertyListError.tooManyValues(limit: 4)) {
            try PropertyListReader(limits: PropertyListLimits(maximumValueCount: 4)).read(Array(text.utf8), streaming: stream)
        }
    }

    @Test func decoderFaultsKeepTheirOrderWhenStreamed() throws {
        // A bad world and a bad top-level field: the top level is reported, as without streaming.
        let text = "{ allAvailableWorlds = ( { id = 1; } ); serverVersion = { a = b; }; }"
        let decoder = WorldsDecoder(failurePolicy: .rejectResponse)
        #expect(throws: WorldsError.invalidResponse(
            keyPath: "$.serverVersion", problem: .wrongType(expected: "string", found: "dictionary"))) {
            try decoder.decode(Array(text.utf8), contentType: nil)
        }
        #expect(throws: WorldsError.server(message: "late")) {
            try decoder.decode(Array("{ allAvailableWorlds = ( x ); error = late; }".utf8), contentType: nil)
        }
    }
}
