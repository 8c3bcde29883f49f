import ArgumentParser

/// Options every networked command takes. With no base URL (flag, `SIGNET_BASE_URL` or config file),
/// the command starts the embedded reference server on 127.0.0.1 and uses its demo credentials.
struct ServiceOptions: ParsableArguments {
    @Option(name: .customLong("base-url"), help: "Server URL (else SIGNET_BASE_URL; else an embedded reference server).")
    var baseURL: String?

    @Option(help: "Config file (default ~/.config/signet/config.json).")
    var config: String?

    @Option(help: "GameSystem tenant (else SIGNET_TENANT, default acme).")
    var tenant: String?

    @Option(help: "GameSystem player (else SIGNET_PLAYER, default ann).")
    var player: String?

    @Option(name: .customLong("client-secret-file"), help: "File with the client secret (else SIGNET_CLIENT_SECRET).")
    var clientSecretFile: String?

    @Option(name: .customLong("admin-secret-file"), help: "File with the admin secret (else SIGNET_ADMIN_SECRET).")
    var adminSecretFile: String?

    @Flag(help: "Print JSON (no colour, no animation).")
    var json = false
}
