#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension DeviceIdentityStore {
    /// The file name of the identity inside Signet's data folder.
    public static let fileName = "device-id"

    /// Signet's data folder: `SIGNET_DATA_DIR` when set and non-empty; else `$XDG_DATA_HOME/signet` when
    /// `XDG_DATA_HOME` is an absolute path (the XDG spec says to ignore a relative one); else
    /// `$HOME/.local/share/signet` (the home folder from the system when `HOME` is unset).
    public static func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let custom = environment["SIGNET_DATA_DIR"], !custom.isEmpty {
            return URL(fileURLWithPath: custom, isDirectory: true)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("signet", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/signet", isDirectory: true)
    }

    /// The store at the user's standard place: ``fileName`` in ``dataDirectory(environment:)``.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> DeviceIdentityStore {
        DeviceIdentityStore(fileURL: dataDirectory(environment: environment).appendingPathComponent(fileName))
    }
}
