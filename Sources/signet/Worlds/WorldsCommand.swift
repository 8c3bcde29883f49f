import ArgumentParser
import Foundation
import SignetWorlds

/// `signet worlds`: the Lords & Knights worlds a login can play.
struct WorldsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worlds", abstract: "List the Lords & Knights worlds a login can play.",
        discussion: """
            The password comes from SIGNET_PASSWORD, else (with the embedded reference server) its demo
            password, else a prompt with echo off. The device id is kept in SIGNET_DATA_DIR/device-id
            (else $XDG_DATA_HOME/signet or ~/.local/share/signet), or the file given with --device-id-file.
            """)

    /// The login the seed uses, and the default.
    static let defaultLogin = "ios.test@xyrality.com"

    /// The `--format` values.
    enum FormatOption: String, ExpressibleByArgument, CaseIterable {
        case openstep, xml, binary

        var format: PropertyListFormat {
            switch self {
            case .openstep: .openStep
            case .xml: .xml
            case .binary: .binary
            }
        }
    }

    @Option(help: "The login (e-mail address or device id).")
    var login: String = WorldsCommand.defaultLogin

    @Option(help: "The property-list format to ask for (\(FormatOption.allCases.map(\.rawValue).joined(separator: ", "))).")
    var format: FormatOption = .openstep

    @Option(name: .customLong("device-id-file"), help: "The file keeping this device's id (created when absent).")
    var deviceIdFile: String?

    @OptionGroup var options: ServiceOptions

    func run() async throws {
        try await explainingFailures {
            let settings = try Settings.load(options)
            let password = try WorldsPassword.resolve(
                login: login, embedded: settings.baseURL == nil, environment: settings.environment)
            let store = deviceIdFile.map { DeviceIdentityStore(fileURL: URL(fileURLWithPath: $0)) }
                ?? DeviceIdentityStore.standard(environment: settings.environment)
            let device = try store.loadOrCreate()
            let response = try await ServiceConnection.with(options) { connection in
                try await WorldsClient(
                    baseURL: connection.baseURL, transport: connection.transport, device: device, format: format.format
                ).worlds(login: login, password: password)
            }
            if response.isUnknownUser {
                throw CommandFailure("the server does not know \(login) with this password (info = \"\(response.info ?? "")\")")
            }
            for failure in response.failures {
                printError("warning: world \(failure.index) left out: \(failure)")
            }
            if response.failureCount > response.failures.count {
                printError("warning: \(response.failureCount - response.failures.count) more worlds left out")
            }
            if options.json { return try Terminal.printJSON(WorldsOutput(login: login, response: response)) }
            if response.worlds.isEmpty {
                printError("no worlds for \(login)")
                return
            }
            let terminal = Terminal(json: false)
            WorldsTable(worlds: Array(response.worlds), terminal: terminal).lines.forEach { terminal.line($0) }
        }
    }
}
