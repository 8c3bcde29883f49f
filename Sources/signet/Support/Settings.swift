import Foundation
import Signet
import SignetJSON

/// Settings shared by the networked commands, resolved as flags > environment > config file > defaults.
///
/// The config file (`~/.config/signet/config.json`, or `--config FILE`) is a JSON object with any of:
/// `base_url`, `tenant`, `player`, `client_key`, `client_secret_file`, `admin_key`, `admin_secret_file`. It names
/// secret *files*, never secrets, so it can be shared or committed without leaking them. It must be a regular file
/// of at most ``maxConfigBytes`` bytes.
struct Settings {
    /// The largest config file read: 1 MiB.
    static let maxConfigBytes = 1 << 20

    let baseURL: URL?
    let tenant: String
    let player: String
    let clientKey: String?
    let clientSecretFile: String?
    let adminKey: String?
    let adminSecretFile: String?
    let environment: [String: String]

    struct File: Decodable {
        var base_url: String?
        var tenant: String?
        var player: String?
        var client_key: String?
        var client_secret_file: String?
        var admin_key: String?
        var admin_secret_file: String?
    }

    /// Loads settings for `options`; a config file that exists but cannot be read is an error.
    static func load(_ options: ServiceOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Settings {
        let file = try loadFile(explicit: options.config, environment: environment)
        func pick(_ flag: String?, _ variable: String, _ fromFile: String?) -> String? {
            if let flag, !flag.isEmpty { return flag }
            if let value = environment[variable], !value.isEmpty { return value }
            if let fromFile, !fromFile.isEmpty { return fromFile }
            return nil
        }
        func isSet(_ variable: String) -> Bool { environment[variable].map { !$0.isEmpty } ?? false }
        var baseURL: URL?
        if let text = pick(options.baseURL, "SIGNET_BASE_URL", file.base_url) {
            guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
                throw CommandFailure("base URL '\(text)' is not an http(s) URL with a host")
            }
            baseURL = url
        }
        return Settings(
            baseURL: baseURL,
            tenant: pick(options.tenant, "SIGNET_TENANT", file.tenant) ?? "acme",
            player: pick(options.player, "SIGNET_PLAYER", file.player) ?? "ann",
            clientKey: pick(nil, "SIGNET_CLIENT_KEY", file.client_key),
            // The environment overrides the config file: its secret wins over the file's secret file (with a
            // key from the environment and a secret from the file, every request was a bad signature).
            clientSecretFile: options.clientSecretFile ?? (isSet("SIGNET_CLIENT_SECRET") ? nil : file.client_secret_file),
            adminKey: pick(nil, "SIGNET_ADMIN_KEY", file.admin_key),
            adminSecretFile: options.adminSecretFile ?? (isSet("SIGNET_ADMIN_SECRET") ? nil : file.admin_secret_file),
            environment: environment)
    }

    private static func loadFile(explicit: String?, environment: [String: String]) throws -> File {
        let path: String
        if let explicit {
            path = explicit
        } else {
            let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
            path = configHome + "/signet/config.json"
            guard FileManager.default.fileExists(atPath: path) else { return File() }
        }
        let data = try BoundedFile.read(path, limit: maxConfigBytes, purpose: "config")
        do {
            return try JSONDecoder().decode(File.self, from: Data(data))
        } catch let error as DecodingError {
            let (location, reason) = JSONDecodingFailure.describe(error, bytes: data)
            throw CommandFailure("config file '\(path)': at \(location): \(reason)")
        } catch {
            throw CommandFailure("config file '\(path)' is not JSON: \(error)")
        }
    }
}
