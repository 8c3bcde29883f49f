import Foundation
import Signet
@testable import SignetServer
import SignetWorlds
import Testing
import SignetTransportTestSupport

/// Awkward passwords go through form encoding and back: checked on the wire (bytes written out by hand)
/// and by the server, which lets the login in only when it decoded exactly the password it expects.
@Suite("Form encoding of awkward passwords, end to end")
struct WorldsFormEncodingEndToEndTests {
    typealias Kind = TransportKind

    @Test("the awkward demo account logs in; the body on the wire is escaped as HTML forms say", arguments: Kind.allCases)
    func awkwardPasswordLogsIn(kind: Kind) async throws {
        try await ReferenceWorldsServer.with { server in
            let recorder = WireRecorder()
            let client = ReferenceWorldsServer.worldsClient(server, kind, recorder: recorder)
            let response = try await client.worlds(
                login: "awkward+login@signet.example", password: "p+ss w&rd=100% é€ 😀")
            #expect(!response.isUnknownUser)
            #expect(response.worlds.map(\.name) == ["Australia 6 (recommended)", "Deutschland 14"])

            let body = String(decoding: try #require(recorder.last).requestBody, as: UTF8.self)
            #expect(body == "login=awkward%2Blogin%40signet.example"
                + "&password=p%2Bss+w%26rd%3D100%25+%C3%A9%E2%82%AC+%F0%9F%98%80"
                + "&deviceType=x86_64+-+Linux+6.1.0"
                + "&deviceId=0F5C2A91-1B3D-4E7F-8A6B-5C4D3E2F1001")
        }
    }

    @Test("a password that differs only where escaping matters is refused", arguments: [
        "p ss w&rd=100% é€ 😀",     // `+` read as a space
        "p+ss w",                    // cut at `&`
        "p+ss w&rd=100% e€ 😀",     // é lost its accent
        "p+ss w&rd=100% é€ 😀 ",    // a trailing space
        "p+ss w&rd=100% é€ 😀".decomposedStringWithCanonicalMapping,  // é as e + U+0301: other bytes
    ])
    func nearMissesAreRefused(password: String) async throws {
        try await ReferenceWorldsServer.with { server in
            let client = ReferenceWorldsServer.worldsClient(server, .urlSession, recorder: WireRecorder())
            let response = try await client.worlds(login: "awkward+login@signet.example", password: password)
            #expect(response.isUnknownUser)
        }
    }

    @Test("the encoder's output decodes back to the input through an independent decoder (URLComponents)")
    func encoderAndServerAgreeOnEachCharacter() throws {
        // The server decodes with FormURLDecoder; here the encoder's output is decoded independently
        // (by Foundation's URLComponents, after turning `+` back into `%20`) and must give the input back.
        for password in ["+", "&", "=", " ", "%", "é", "€", "😀", "a+b&c=d e%f", "\u{0}", "\n\r\t", "~-._"] {
            let encoded = FormURLEncoder.encode(component: password)
            #expect(encoded.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "%+-._~".contains($0)) })
            var components = URLComponents()
            components.percentEncodedQuery = "p=" + encoded.replacingOccurrences(of: "+", with: "%20")
            #expect(components.queryItems?.first?.value == password, "\(password.debugDescription) → \(encoded)")
        }
    }
}
