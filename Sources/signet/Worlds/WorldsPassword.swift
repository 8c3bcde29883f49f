import SignetServer

/// Where `signet worlds` gets the password, in order: `SIGNET_PASSWORD`; with the embedded reference
/// server, its public demo password; a prompt with echo off when stdin is a terminal; else an error
/// that says how to give one. Never a command-line argument (visible in `ps` and shell history).
enum WorldsPassword {
    /// The environment variable holding the password.
    static let variable = "SIGNET_PASSWORD"

    /// The password for `login`; `embedded` tells whether the embedded reference server will answer.
    static func resolve(login: String, embedded: Bool, environment: [String: String]) throws -> String {
        if let value = environment[variable], !value.isEmpty { return value }
        if embedded {
            return login == WorldsDemoAccounts.awkwardLogin ? WorldsDemoAccounts.awkwardPassword : WorldsDemoAccounts.password
        }
        guard PasswordPrompt.isAvailable else {
            throw CommandFailure("no password for \(login): set \(variable) (stdin is not a terminal, so signet cannot prompt)")
        }
        let password = try PasswordPrompt.read("Password for \(login): ")
        guard !password.isEmpty else { throw CommandFailure("no password for \(login): the password entered is empty") }
        return password
    }
}
