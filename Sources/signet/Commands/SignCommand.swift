import ArgumentParser
import Foundation
import HTTPTypes
import SignetGameSystem

/// `signet sign`: prints the GameSystem headers for a request.
struct SignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Print the GameSystem signature headers for a request.",
        discussion: """
            The secret comes from SIGNET_SECRET or --secret-file, never from an argument.
            Example: SIGNET_SECRET=secret signet sign --method GET --target /acme/client/players/ann --key KEY
            """
    )

    @Option(help: "HTTP method (signed uppercased).")
    var method: String

    @Option(help: "Request target: the path, with any query or fragment (those are not signed).")
    var target: String

    @Option(name: .customLong("body-file"), help: "File holding the body, hashed in one streaming pass. No body when omitted.")
    var bodyFile: String?

    @Option(help: "Date to sign, 'yyyyMMdd HH:mm:ss UTC'. Now when omitted.")
    var date: String?

    @Option(help: "API key.")
    var key: String

    @Option(name: .customLong("secret-file"), help: "File holding the shared secret (else SIGNET_SECRET).")
    var secretFile: String?

    @Option(help: "Separator in the plain text: escaped (backslash-n, the default) or newline.")
    var separator: String = GameSystemSeparator.escaped.rawValue

    @Flag(name: .customLong("show-plaintext"), help: "Also print the plain text that was signed (a real newline shows as \\u{A}).")
    var showPlaintext = false

    @Flag(help: "Print JSON instead of header lines.")
    var json = false

    func run() async throws {
        try await explainingFailures {
            guard let separator = GameSystemSeparator(rawValue: separator) else {
                throw CommandFailure("--separator must be 'escaped' or 'newline', not '\(self.separator)'")
            }
            let signingDate: Date
            if let date {
                guard let parsed = GameSystemDate.parse(date) else {
                    throw CommandFailure("--date '\(date)' is not 'yyyyMMdd HH:mm:ss UTC' (e.g. 20261121 09:05:07 UTC)")
                }
                signingDate = parsed
            } else {
                signingDate = Date()
            }
            guard let method = HTTPRequest.Method(self.method) else {
                throw CommandFailure("--method '\(self.method)' is not an HTTP method (letters, digits and !#$%&'*+-.^_`|~)")
            }
            let secret = try SecretSource.read(file: secretFile, variable: "SIGNET_SECRET", purpose: "secret")
            let signer = GameSystemSigner(credentials: try GameSystemCredentials(apiKey: key, secret: secret), separator: separator)
            let signature: GameSystemSignature
            if let bodyFile {
                signature = try signer.sign(method: method, target: target, bodyFile: bodyFile, date: signingDate)
            } else {
                signature = try signer.sign(method: method, target: target, body: [], date: signingDate)
            }
            if json {
                var object: [String: String] = [:]
                for header in signature.headerFields { object[header.name.rawName] = header.value }
                if showPlaintext { object["plaintext"] = signature.stringToSign }
                try Terminal.printJSON(object)
            } else {
                let terminal = Terminal(json: false)
                for header in signature.headerFields { terminal.line("\(header.name.rawName): \(header.value)") }
                // With the newline separator the plain text holds real newlines; the line shows them as \u{A}.
                if showPlaintext { terminal.line("Plaintext: \(signature.stringToSign.terminalSafe)") }
            }
        }
    }
}
