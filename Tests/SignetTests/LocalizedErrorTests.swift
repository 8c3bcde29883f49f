import Foundation
import HTTPTypes
import Signet
import Testing

/// What an app shows in an alert: `localizedDescription` is Signet's own one-line description, never
/// Foundation's "The operation could not be completed", and the recovery suggestion is the server's
/// diagnosis when it gave one.
@Suite("SignetError for apps")
struct LocalizedErrorTests {
    @Test("a refused signature: the description in localizedDescription, the diagnosis as the recovery suggestion")
    func refusedSignature() {
        let diagnosis = SignetError.Diagnosis(likelyCause: SignetError.Diagnosis.Cause(rawValue: "separator-newline"), stringToSign: "…",
                                              detail: "the parts were joined with a real newline")
        let error = Client.statusError(
            HTTPResponse(status: .unauthorized),
            body: Array(#"{"error_message":"bad-signature: no match","diagnosis":{"likely_cause":"separator-newline","string_to_sign":"…","detail":"the parts were joined with a real newline"}}"#.utf8))
            .adding(operation: "getPlayer", request: HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/p?token=x"))
        #expect(error.diagnosis == diagnosis)
        #expect(error.localizedDescription == error.description)
        #expect(error.localizedDescription.hasPrefix("getPlayer GET /p: HTTP 401"))
        #expect(!error.localizedDescription.contains("token"))
        #expect(error.failureReason?.hasPrefix("HTTP 401 Unauthorized: server says") == true)
        #expect(error.recoverySuggestion == "the parts were joined with a real newline")
    }

    @Test("each kind of failure has a description and, where something can be done, a suggestion", arguments: [
        (SignetError(.timeout(after: .seconds(3))), "timed out after 3 s", true),
        (SignetError(.redirected(.found, location: "https://elsewhere.example/x")), "the server redirects to https://elsewhere.example/x", true),
        (SignetError(.cancelled), "cancelled", false),
        (SignetError(.decoding(path: "$.point_types[1].amount", reason: "not a number")), "$.point_types[1].amount", true),
    ])
    func kinds(error: SignetError, mentions: String, suggests: Bool) {
        let alert = (error as any Error).localizedDescription
        #expect(alert.contains(mentions), "\(alert)")
        #expect(!alert.contains("could not be completed"))
        #expect((error.recoverySuggestion != nil) == suggests)
    }
}
