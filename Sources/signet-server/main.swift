// signet-server: runs the Signet reference server until SIGINT or SIGTERM.
import Foundation
import SignetServer

let usage = """
    usage: signet-server [--host HOST] [--port PORT]

    Runs the Signet reference server (GameSystem and diagnostics routes) until SIGINT or SIGTERM.
      --host HOST   address to bind (default 127.0.0.1)
      --port PORT   port to bind, 0 for any free port (default 8080)
    """

/// Parses `--host` and `--port`; exits with status 64 and the usage text on anything else.
func parseConfiguration(_ arguments: [String]) -> ReferenceServerConfiguration {
    var configuration = ReferenceServerConfiguration(port: 8080)
    var remaining = arguments[...]
    func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("signet-server: \(message)\n\(usage)\n".utf8))
        exit(64)
    }
    while let argument = remaining.popFirst() {
        switch argument {
        case "--help", "-h":
            print(usage)
            exit(0)
        case "--host":
            guard let value = remaining.popFirst(), !value.isEmpty else { fail("--host needs an address") }
            configuration.host = value
        case "--port":
            guard let value = remaining.popFirst(), let port = Int(value), (0...65_535).contains(port) else {
                fail("--port needs a number from 0 to 65535")
            }
            configuration.port = port
        default:
            fail("unknown argument '\(argument)'")
        }
    }
    return configuration
}

let configuration = parseConfiguration(Array(CommandLine.arguments.dropFirst()))
do {
    let server = try await ReferenceServer.start(configuration)
    // Written straight to the file descriptor (unbuffered), so a script reading the port sees it at once.
    FileHandle.standardOutput.write(Data("""
        signet-server listening on \(server.baseURL.absoluteString) (port \(server.port))
        demo credentials (public demo values, not secrets):
          tenant        \(DemoCredentials.tenant)
          player        \(DemoCredentials.player)
          client key    \(DemoCredentials.clientKey)   secret \(DemoCredentials.clientSecret)
          admin key     \(DemoCredentials.adminKey)   secret \(DemoCredentials.adminSecret)
        press Ctrl-C to stop

        """.utf8))
    try await server.run()
} catch {
    FileHandle.standardError.write(Data("signet-server: \(error)\n".utf8))
    exit(1)
}
