import SignetWorlds

/// The worlds as an aligned table (name, country, language, status): bold header and coloured status
/// on a rich terminal, the same columns without escape codes otherwise. The server's text is escaped
/// (``TerminalText``).
struct WorldsTable {
    let worlds: [World]
    let terminal: Terminal

    /// The lines to print, header first.
    var lines: [String] {
        let header = ["NAME", "COUNTRY", "LANGUAGE", "STATUS"]
        // Escaped before measuring, so the columns line up with what is printed.
        let rows = worlds.map { [$0.name, $0.country, $0.language, $0.status.description].map(\.terminalSafe) }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func render(_ cells: [String], styleLast: (String) -> String) -> String {
            let padded = cells.indices.dropLast().map { cells[$0] + String(repeating: " ", count: widths[$0] - cells[$0].count) }
            return (padded + [styleLast(cells[cells.count - 1])]).joined(separator: "  ")
        }
        let headerLine = terminal.styled(render(header) { $0 }, .bold)
        return [headerLine] + zip(worlds, rows).map { world, cells in
            render(cells) { status in terminal.styled(status, Self.style(of: world.status)) }
        }
    }

    /// Green for online (status 3 on the real server), yellow for maintenance, red for the rest.
    private static func style(of status: WorldStatus) -> Terminal.Style {
        switch status.description.lowercased() {
        case "online": .green
        case "maintenance": .yellow
        default: .red
        }
    }
}
