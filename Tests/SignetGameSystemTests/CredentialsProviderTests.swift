import Foundation
import SignetCrypto
import SignetGameSystem
import Testing

/// The credentials providers: what they read, when they read it again, and what they refuse (naming the
/// variable or file, never a secret).
@Suite("Credentials providers")
struct CredentialsProviderTests {
    /// The MAC `credentials` give a fixed message: equal MACs mean the same secret.
    static func mac(_ credentials: GameSystemCredentials) throws -> String {
        try HMAC.authenticationCode(for: "message", using: credentials.key).hex
    }

    static func temporaryFile(_ contents: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("signet-secret-\(UUID().uuidString)")
        try Data(contents.utf8).write(to: url)
        return url
    }

    @Test("a secret file: one trailing line end dropped, re-read when the file is replaced, kept while it is not")
    func secretFile() throws {
        let url = try Self.temporaryFile("first-secret\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let provider = SecretFileCredentials(apiKey: "orders", path: url.path)
        let first = try provider.credentials()
        #expect(first.apiKey == "orders")
        #expect(try Self.mac(first) == Self.mac(GameSystemCredentials(apiKey: "orders", secret: "first-secret")))
        #expect(try Self.mac(provider.credentials()) == Self.mac(first))
        // Rotated by writing a new file and moving it into place, as secret managers do.
        let next = try Self.temporaryFile("second-secret-longer\r\n")
        try FileManager.default.removeItem(at: url)
        try FileManager.default.moveItem(at: next, to: url)
        #expect(try Self.mac(provider.credentials()) == Self.mac(GameSystemCredentials(apiKey: "orders", secret: "second-secret-longer")))
    }

    @Test("a secret file that is missing, empty, a directory or too large is refused, naming the file")
    func secretFileRefusals() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("signet-no-such-\(UUID().uuidString)").path
        // The reason is the system's (strerror's) for ENOENT.
        #expect(throws: GameSystemCredentialsError.unreadableFile(path: missing, reason: "No such file or directory")) {
            _ = try SecretFileCredentials(apiKey: "k", path: missing).credentials()
        }
        let empty = try Self.temporaryFile("\n")
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: GameSystemCredentialsError.emptySecret(path: empty.path)) {
            _ = try SecretFileCredentials(apiKey: "k", path: empty.path).credentials()
        }
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: GameSystemCredentialsError.notARegularFile(path: directory)) {
            _ = try SecretFileCredentials(apiKey: "k", path: directory).credentials()
        }
        let large = try Self.temporaryFile(String(repeating: "x", count: SecretFileCredentials.maxFileBytes + 1))
        defer { try? FileManager.default.removeItem(at: large) }
        #expect(throws: GameSystemCredentialsError.fileTooLarge(path: large.path, limit: SecretFileCredentials.maxFileBytes)) {
            _ = try SecretFileCredentials(apiKey: "k", path: large.path).credentials()
        }
    }

    @Test("environment credentials are read at each call; an unset variable is named, its value never")
    func environment() throws {
        let values = EnvironmentBox(["APP_KEY": "orders", "APP_SECRET": "env-secret"])
        let provider = EnvironmentCredentials(apiKeyVariable: "APP_KEY", secretVariable: "APP_SECRET") { values.current }
        #expect(try Self.mac(provider.credentials()) == Self.mac(GameSystemCredentials(apiKey: "orders", secret: "env-secret")))
        values.current["APP_SECRET"] = "rotated"
        #expect(try Self.mac(provider.credentials()) == Self.mac(GameSystemCredentials(apiKey: "orders", secret: "rotated")))
        values.current["APP_SECRET"] = nil
        #expect(throws: GameSystemCredentialsError.missingVariable("APP_SECRET")) { _ = try provider.credentials() }
        #expect(GameSystemCredentialsError.missingVariable("APP_SECRET").localizedDescription == "the environment variable APP_SECRET is not set")
    }
}

/// A mutable environment for the provider to read.
final class EnvironmentBox: @unchecked Sendable {
    // Read and written by one test at a time.
    var current: [String: String]
    init(_ values: [String: String]) { current = values }
}
