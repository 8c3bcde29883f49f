#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Signet

/// Signs each attempt with the credentials its provider gives at that moment (a rotated key is used by the
/// next attempt). Fixed credentials skip the provider: they are signed with directly.
struct ProvidedCredentialsSigner: RequestSigner {
    let provider: any GameSystemCredentialsProvider
    let separator: GameSystemSeparator

    /// The signer for `provider`: ``GameSystemSigner`` itself for fixed credentials.
    static func signer(_ provider: any GameSystemCredentialsProvider, separator: GameSystemSeparator) -> any RequestSigner {
        if let fixed = provider as? GameSystemCredentials { return GameSystemSigner(credentials: fixed, separator: separator) }
        return ProvidedCredentialsSigner(provider: provider, separator: separator)
    }

    func sign(_ request: inout HTTPRequest, body: Body, date: Date) async throws {
        try await GameSystemSigner(credentials: try await provider.credentials(), separator: separator)
            .sign(&request, body: body, date: date)
    }

    func stringToSign(for request: HTTPRequest) -> String? {
        guard let date = request.headerFields[.date], let contentMD5 = request.headerFields[.contentMD5] else { return nil }
        return GameSystemSigner.plainText(date: date, contentMD5: contentMD5, path: GameSystemSigner.signedPath(of: request.path ?? "/"),
                                          method: request.method.rawValue, separator: separator)
    }
}
