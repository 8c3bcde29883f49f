import Foundation
import SignetPuzzles

/// Where the puzzle database lives by default.
public enum PuzzleStoreLocation {
    /// The database's file name.
    public static let fileName = "puzzles.sqlite"

    /// The folder for Signet's data: `SIGNET_DATA_DIR` when set and non-empty; else
    /// `$XDG_DATA_HOME/signet` when `XDG_DATA_HOME` is an absolute path (the XDG spec says to
    /// ignore a relative one); else `~/.local/share/signet`, with `~` from `HOME` or, without
    /// it, the user's home directory.
    public static func dataDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let custom = environment["SIGNET_DATA_DIR"], !custom.isEmpty {
            return URL(fileURLWithPath: custom, isDirectory: true)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("signet", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/signet", isDirectory: true)
    }

    /// `dataDirectory(environment:)` with `puzzles.sqlite` appended.
    public static func defaultDatabaseURL(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        dataDirectory(environment: environment).appendingPathComponent(fileName, isDirectory: false)
    }
}
