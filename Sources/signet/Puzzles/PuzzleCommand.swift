import ArgumentParser
import SignetPuzzlesStore

/// `signet puzzle new|list|show|play|find|delete`: word-search puzzles from the puzzle service, with
/// the games kept in SQLite (`PuzzleStoreLocation`: `SIGNET_DATA_DIR`, else `$XDG_DATA_HOME/signet`,
/// else `~/.local/share/signet`). Only `new` talks to a server.
struct PuzzleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "puzzle", abstract: "Play word-search puzzles kept in SQLite.",
        discussion: """
            Games live in puzzles.sqlite under SIGNET_DATA_DIR when set, else $XDG_DATA_HOME/signet, \
            else ~/.local/share/signet. Only `new` contacts a server.
            """,
        subcommands: [New.self, List.self, Show.self, Play.self, Find.self, Delete.self])
}
