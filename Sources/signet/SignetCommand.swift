import ArgumentParser

/// `signet`: sign and verify GameSystem requests, check test vectors, and talk to the Signet services.
@main
struct SignetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signet",
        abstract: "Request-signing API client SDK: signing, vectors, and the Signet services.",
        discussion: """
            Secrets are never command-line arguments: they come from environment variables or files.
            Exit status: 0 success, 1 a failure explained on stderr, 64 and up for usage errors.
            """,
        subcommands: [SignCommand.self, VectorsCommand.self]
    )
}
