import Foundation
import SignetCrypto
import Testing

/// The build runs the crypto backend it was asked for.
///
/// CI runs the crypto and GameSystem tests once per backend and names, in `SIGNET_EXPECT_CRYPTO_BACKEND`, the
/// backend each run must have: a trait that silently failed to switch would otherwise pass the same tests
/// twice on the same code. Without the variable (a plain `swift test`) there is nothing to check.
@Suite("Backend selection")
struct BackendSelectionTests {
    static let expected = ProcessInfo.processInfo.environment["SIGNET_EXPECT_CRYPTO_BACKEND"].flatMap { $0.isEmpty ? nil : $0 }

    @Test("The backend is the one this run expects", .enabled(if: expected != nil, "SIGNET_EXPECT_CRYPTO_BACKEND is not set"))
    func expectedBackend() {
        #expect(CryptoBackendInfo.name == Self.expected)
    }

    @Test("The backend has a name for reports")
    func named() {
        #expect(!CryptoBackendInfo.name.isEmpty)
    }
}
