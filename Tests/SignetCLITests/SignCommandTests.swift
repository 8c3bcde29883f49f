import Foundation
import Testing

/// `signet sign`, run as a process. Expected signatures from Python's hmac (and `openssl dgst -sha1 -hmac`).
@Suite("signet sign")
struct SignCommandTests {
    static let example = ["sign", "--method", "GET", "--target", "/acme/client/players/ann", "--key", "KEY",
                          "--date", "20180204 10:00:00 UTC"]
    static let exampleHeaders = [
        "Date: 20180204 10:00:00 UTC",
        "Content-MD5: 1B2M2Y8AsgTpgAmY7PhCfg==",
        "Authorization: KEY:043af1c09d2a6048eb553c79ef80533b5f4902d9",
        "Content-Type: application/json",
    ]
    static let plainText = #"20180204 10:00:00 UTC\n1B2M2Y8AsgTpgAmY7PhCfg==\n/acme/client/players/ann\nGET"#

    @Test("Prints the DESIGN example's headers with SIGNET_SECRET from the environment")
    func designExample() async throws {
        let output = try await SignetProcess.run(Self.example, environment: ["SIGNET_SECRET": "secret"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.lines == Self.exampleHeaders)
        #expect(output.stderr.isEmpty)
    }

    @Test("--show-plaintext adds the plain text with the escaped separator")
    func showPlaintext() async throws {
        let output = try await SignetProcess.run(Self.example + ["--show-plaintext"], environment: ["SIGNET_SECRET": "secret"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Array(output.lines.prefix(4)) == Self.exampleHeaders)
        #expect(output.lines.contains("Plaintext: " + Self.plainText))
    }

    @Test("--separator newline signs with real newlines")
    func newlineSeparator() async throws {
        let output = try await SignetProcess.run(Self.example + ["--separator", "newline"], environment: ["SIGNET_SECRET": "secret"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.lines.contains("Authorization: KEY:cd7a9d9ca7c2dd6582cb65bd2abdcb611a3a62b6"))
    }

    @Test("--json prints one valid JSON object with the headers and the plain text")
    func json() async throws {
        let output = try await SignetProcess.run(Self.example + ["--json", "--show-plaintext"], environment: ["SIGNET_SECRET": "secret"])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: String]
        #expect(object == [
            "Date": "20180204 10:00:00 UTC",
            "Content-MD5": "1B2M2Y8AsgTpgAmY7PhCfg==",
            "Authorization": "KEY:043af1c09d2a6048eb553c79ef80533b5f4902d9",
            "Content-Type": "application/json",
            "plaintext": Self.plainText,
        ])
    }

    @Test("--secret-file reads the secret and drops one trailing newline (LF or CRLF)", arguments: ["secret\n", "secret\r\n", "secret"])
    func secretFile(contents: String) async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file(named: "secret.txt", text: contents)
        let output = try await SignetProcess.run(Self.example + ["--secret-file", path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.lines == Self.exampleHeaders)
    }

    @Test("--secret-file wins over SIGNET_SECRET")
    func secretFilePrecedence() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file(named: "secret.txt", text: "secret\n")
        let output = try await SignetProcess.run(Self.example + ["--secret-file", path], environment: ["SIGNET_SECRET": "other"])
        #expect(output.lines == Self.exampleHeaders)
    }

    @Test("A body file is hashed into Content-MD5 (value from Python's hashlib/hmac)")
    func bodyFile() async throws {
        let directory = try TemporaryDirectory()
        let body = try directory.file(named: "body.json", text: #"{"player":"ann","external_event_id":"Magic"}"#)
        let output = try await SignetProcess.run(
            ["sign", "--method", "post", "--target", "/acme/admin/player_external_events?x=1", "--key", "K3y-zeta-991",
             "--date", "20180204 10:00:00 UTC", "--body-file", body],
            environment: ["SIGNET_SECRET": "s3cr3t-omega-55"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.lines.contains("Content-MD5: liSjn/bRvoB86HtXo9I9jQ=="))
        #expect(output.lines.contains("Authorization: K3y-zeta-991:ac0d562b8ebaa1a71eff90e067055ddbbed6553c"))
    }

    @Test("The secret never appears on stdout or stderr, in any output mode or failure")
    func secretNeverPrinted() async throws {
        let secret = "zq-very-private-7781"
        let directory = try TemporaryDirectory()
        let secretPath = try directory.file(named: "secret", text: secret + "\n")
        let runs: [([String], [String: String])] = [
            (Self.example, ["SIGNET_SECRET": secret]),
            (Self.example + ["--show-plaintext"], ["SIGNET_SECRET": secret]),
            (Self.example + ["--json", "--show-plaintext"], ["SIGNET_SECRET": secret]),
            (Self.example + ["--secret-file", secretPath, "--show-plaintext"], [:]),
            (Self.example + ["--body-file", directory.url.appendingPathComponent("absent").path], ["SIGNET_SECRET": secret]),
            (Self.example + ["--separator", "crlf"], ["SIGNET_SECRET": secret]),
            (["sign", "--method", "GET", "--target", "/", "--key", "KEY", "--date", "bad"], ["SIGNET_SECRET": secret]),
        ]
        for (arguments, environment) in runs {
            let output = try await SignetProcess.run(arguments, environment: environment)
            #expect(!output.stdout.contains(secret), "\(arguments)")
            #expect(!output.stderr.contains(secret), "\(arguments)")
            #expect(!output.stderr.contains("7781"), "\(arguments)")
        }
        // The DESIGN example's key with this secret (Python's hmac) shows the secret was used.
        let output = try await SignetProcess.run(Self.example, environment: ["SIGNET_SECRET": secret])
        #expect(output.lines.contains("Authorization: KEY:1624e8e00086fb792d2161ea977a337bab3b02e3"))
    }

    @Test("No secret: exit 1, and stderr names SIGNET_SECRET")
    func missingSecret() async throws {
        let output = try await SignetProcess.run(Self.example)
        #expect(output.status == 1)
        #expect(output.stderr.contains("SIGNET_SECRET"))
        #expect(output.stdout.isEmpty)
        let empty = try await SignetProcess.run(Self.example, environment: ["SIGNET_SECRET": ""])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("SIGNET_SECRET"))
    }

    @Test("An unreadable secret file or body file: exit 1, and stderr names the file")
    func unreadableFiles() async throws {
        let directory = try TemporaryDirectory()
        let absent = directory.url.appendingPathComponent("no-such-body.json").path
        let body = try await SignetProcess.run(Self.example + ["--body-file", absent], environment: ["SIGNET_SECRET": "secret"])
        #expect(body.status == 1)
        #expect(body.stderr.contains(absent))
        #expect(body.stdout.isEmpty)

        let bodyDirectory = try await SignetProcess.run(Self.example + ["--body-file", directory.url.path], environment: ["SIGNET_SECRET": "secret"])
        #expect(bodyDirectory.status == 1)
        #expect(bodyDirectory.stderr.contains(directory.url.path))

        let secretPath = directory.url.appendingPathComponent("no-such-secret").path
        let secret = try await SignetProcess.run(Self.example + ["--secret-file", secretPath])
        #expect(secret.status == 1)
        #expect(secret.stderr.contains(secretPath))

        let emptySecret = try directory.file(named: "empty-secret", text: "\n")
        let empty = try await SignetProcess.run(Self.example + ["--secret-file", emptySecret])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains(emptySecret))
    }

    @Test("An invalid --date: exit 1, and stderr names the format", arguments: [
        "2018-02-04 10:00:00", "20180230 10:00:00 UTC", "20180204 10:00:00 utc", "now",
    ])
    func invalidDate(date: String) async throws {
        let output = try await SignetProcess.run(
            ["sign", "--method", "GET", "--target", "/", "--key", "KEY", "--date", date], environment: ["SIGNET_SECRET": "secret"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("yyyyMMdd HH:mm:ss UTC"))
        #expect(output.stderr.contains(date))
        #expect(output.stdout.isEmpty)
    }

    @Test("A bad --separator: exit 1, and stderr names the option")
    func badSeparator() async throws {
        let output = try await SignetProcess.run(Self.example + ["--separator", "crlf"], environment: ["SIGNET_SECRET": "secret"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("--separator"))
        #expect(output.stderr.contains("crlf"))
    }

    @Test("A missing required option is a usage error, not a crash")
    func usageError() async throws {
        let output = try await SignetProcess.run(["sign", "--method", "GET", "--key", "KEY"], environment: ["SIGNET_SECRET": "secret"])
        #expect(output.status != 0)
        #expect(output.status != 1)
        #expect(output.stderr.contains("--target"))
    }

    @Test("Without --date the current time is signed")
    func currentDate() async throws {
        let before = Date()
        let output = try await SignetProcess.run(["sign", "--method", "GET", "--target", "/", "--key", "KEY", "--json"],
                                                 environment: ["SIGNET_SECRET": "secret"])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: String]
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd HH:mm:ss 'UTC'"
        let signed = try #require(object?["Date"].flatMap { formatter.date(from: $0) })
        #expect(signed >= before.addingTimeInterval(-1))
        #expect(signed <= Date())
    }
}
