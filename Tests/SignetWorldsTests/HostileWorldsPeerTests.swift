import Foundation
import Signet
import SignetTestSupport
import SignetWorlds
import Testing
import SignetTransportTestSupport

/// `WorldsClient` against ``HostileHTTPPeer``, a raw-socket server that shares no code with the reference
/// server: property-list bombs (binary shared-reference expansion and cycles, XML entities, nesting) and
/// HTTP faults, sent over the wire, each ending in a typed error that names the limit, key path or byte.
/// The limits under test: ``PropertyListLimits/default`` (depth 64, one million values), a 1 s attempt
/// timeout, a 1 MiB response limit; the worlds POST is never retried. Bounded by ``HostileRow/bound``.
@Suite("Worlds against a hostile peer")
struct HostileWorldsPeerTests {
    static let limit = 1 << 20
    static let path = WorldsClient.path

    static func plist(_ error: PropertyListError) -> @Sendable (any Error) -> Bool {
        { ($0 as? WorldsError) == .malformedPropertyList(error, contentType: "application/x-plist") }
    }

    static func malformed(_ format: PropertyListFormat) -> @Sendable (any Error) -> Bool {
        { if case .malformedPropertyList(.malformed(format, _, _), _)? = $0 as? WorldsError { true } else { false } }
    }

    static func signet(_ predicate: @escaping @Sendable (SignetError.Kind) -> Bool) -> @Sendable (any Error) -> Bool {
        { error in (error as? SignetError).map { predicate($0.kind) } ?? false }
    }

    /// `{ "allAvailableWorlds": [ object 2 ] }` as a binary plist, with `objects` from index 2 on.
    static func binaryWorlds(_ objects: [[UInt8]]) -> [UInt8] {
        let key = [0x5F, 0x10, 18] + Array(WorldsDecoder.worldsKey.utf8)
        return BinaryReaderRobustnessTests.assemble([[0xD1, 1, 2], key] + objects)
    }

    /// Object k (from 2) is an array holding object k+1 twice: 2^40 leaves from 42 objects.
    static let sharedReferenceBomb: [UInt8] = {
        var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 3), UInt8($0 + 3)] }
        objects.append([0x10, 1])
        return binaryWorlds(objects)
    }()

    /// Billion laughs: ten entities each ten times the one before, used once.
    static let laughs: String = {
        var subset = #"<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            subset += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        return #"<?xml version="1.0"?><!DOCTYPE plist [\#(subset)]>"#
            + "<plist><dict><key>allAvailableWorlds</key><array><string>&lol9;</string></array></dict></plist>"
    }()

    static let externalEntity = #"<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>"#
        + "<plist><dict><key>allAvailableWorlds</key><array><string>&xxe;</string></array></dict></plist>"

    static func answer(_ body: [UInt8], contentType: String = "application/x-plist") -> @Sendable (HostileHTTPPeer.Request) -> [HostileHTTPPeer.Step] {
        { _ in HostileHTTPPeer.response(bytes: body, contentType: contentType) }
    }

    static func answer(_ text: String) -> @Sendable (HostileHTTPPeer.Request) -> [HostileHTTPPeer.Step] {
        answer(Array(text.utf8))
    }

    static let rows: [HostileRow] = [
        HostileRow("a binary plist of 42 objects sharing references, 2^40 values expanded",
                   expected: "WorldsError.malformedPropertyList(.tooManyValues)", mentions: ["more than 1000000 values"],
                   matches: plist(.tooManyValues(limit: 1_000_000)), answer: answer(sharedReferenceBomb)),
        HostileRow("a binary plist whose world is an array containing itself",
                   expected: "WorldsError.malformedPropertyList(.nestingTooDeep)", mentions: ["nested deeper than 64"],
                   matches: plist(.nestingTooDeep(limit: 64, at: nil)), answer: answer(binaryWorlds([[0xA1, 2]]))),
        HostileRow("a binary plist reference past its objects",
                   expected: "WorldsError.malformedPropertyList(.malformed(binary))", mentions: ["beyond the 3 objects", "at byte"],
                   matches: malformed(.binary), answer: answer(binaryWorlds([[0xA1, 9]]))),
        HostileRow("XML with a DOCTYPE of nested ENTITY declarations (billion laughs)",
                   expected: "WorldsError.malformedPropertyList(.malformed(xml))", mentions: ["unknown entity `&lol9;`", "at byte"],
                   matches: malformed(.xml), answer: answer(laughs)),
        HostileRow("XML with an external ENTITY (file:///etc/passwd)",
                   expected: "WorldsError.malformedPropertyList(.malformed(xml))", mentions: ["unknown entity `&xxe;`"],
                   matches: malformed(.xml), answer: answer(externalEntity)),
        HostileRow("XML arrays nested 100 000 deep", expected: "WorldsError.malformedPropertyList(.nestingTooDeep)",
                   mentions: ["nested deeper than 64"], matches: plist(.nestingTooDeep(limit: 64, at: nil)),
                   answer: answer("<plist>" + String(repeating: "<array>", count: 100_000) + "</plist>")),
        HostileRow("OpenStep arrays nested 100 000 deep", expected: "WorldsError.malformedPropertyList(.nestingTooDeep)",
                   mentions: ["nested deeper than 64", "column 65"],
                   matches: { if case .malformedPropertyList(.nestingTooDeep(64, _), _)? = $0 as? WorldsError { true } else { false } },
                   answer: answer(String(repeating: "(", count: 100_000))),
        HostileRow("an XML integer of 2^64", expected: "WorldsError.malformedPropertyList(.malformed(xml))",
                   mentions: ["18446744073709551616 is outside the 64-bit range"], matches: malformed(.xml),
                   answer: answer("<plist><dict><key>allAvailableWorlds</key><array><dict><key>id</key>"
                                  + "<integer>18446744073709551616</integer></dict></array></dict></plist>")),
        HostileRow("allAvailableWorlds as a string", expected: "WorldsError.invalidResponse",
                   mentions: ["allAvailableWorlds"],
                   matches: { if case .invalidResponse("$.allAvailableWorlds", _)? = $0 as? WorldsError { true } else { false } },
                   answer: answer("{ allAvailableWorlds = \"none\"; }")),
        HostileRow("a world whose id is a dictionary", expected: "WorldsError.invalidWorld",
                   mentions: ["allAvailableWorlds[0].id", "expected string or integer"],
                   matches: { if case .invalidWorld? = $0 as? WorldsError { true } else { false } },
                   answer: answer("{ allAvailableWorlds = ( { id = { }; name = W; country = DE; language = de; "
                                  + "url = \"http://w.example/\"; mapURL = \"http://m.example/\"; "
                                  + "worldStatus = { id = 3; description = online; }; } ); }")),
        HostileRow("a true Content-Length of 40 MiB, the body streamed", expected: "SignetError.bodyTooLarge",
                   mentions: ["limit of \(limit) bytes"],
                   matches: signet { if case .bodyTooLarge(HostileWorldsPeerTests.limit, _) = $0 { true } else { false } },
                   answer: { _ in HostileRow.declaredBomb(40 << 20, contentType: "application/x-plist") }),
        HostileRow("a chunked body that never ends", expected: "SignetError.bodyTooLarge", mentions: ["limit of \(limit) bytes"],
                   matches: signet { if case .bodyTooLarge(HostileWorldsPeerTests.limit, _) = $0 { true } else { false } },
                   answer: { _ in HostileRow.endlessChunked(contentType: "application/x-plist") }),
        HostileRow("headers, then silence on an open connection", expected: "SignetError.timeout",
                   mentions: ["timed out after 3 s"], matches: signet { if case .timeout = $0 { true } else { false } },
                   answer: { _ in HostileRow.headersThenStall(contentType: "application/x-plist") }),
        HostileRow("Content-Length: 4096, a few bytes, then close", expected: "SignetError.transport",
                   mentions: ["transport failure"], matches: signet { if case .transport = $0 { true } else { false } },
                   answer: { _ in HostileRow.cutShort("{ allAvailableWorlds = (", contentType: "application/x-plist") }),
        HostileRow("401 with Date in year 9999 (no clock-skew correction here: unsigned)", expected: "SignetError.httpStatus(401)",
                   mentions: ["HTTP 401"],
                   matches: signet { if case .httpStatus(let status, _, _) = $0 { status.code == 401 } else { false } },
                   answer: { _ in HostileRow.unauthorizedFromYear9999() }),
    ]

    @Test("a hostile answer ends in a typed error, within the bound, with bounded reading",
          arguments: rows, TransportKind.allCases)
    func hostile(row: HostileRow, transport: TransportKind) async throws {
        let peer = try HostileHTTPPeer(row.answer)
        defer { peer.stop() }
        let client = SignetClient(baseURL: try peer.baseURL, transport: transport.make(maxResponseBytes: Self.limit),
                            middleware: SignetClient.defaultMiddleware(timeout: row.attemptTimeout(.seconds(3))))
        let worlds = WorldsClient(client: client, device: ReferenceWorldsServer.device,
                                  deviceType: ReferenceWorldsServer.deviceType,
                                  decoder: WorldsDecoder(failurePolicy: .rejectResponse))
        let outcome = await HangGuard.run(within: HostileRow.bound) { _ = try await worlds.worlds(login: "ann", password: "pw") }
                await row.check(outcome, peer: peer, path: Self.path, limit: transport.hangsUpAtLimit ? Self.limit : nil)
    }
}
