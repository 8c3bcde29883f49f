import SignetGameSystem

/// The player drawn for a person: a framed, coloured card on a terminal, plain lines otherwise. Every name
/// came from the server and is escaped (``TerminalText``) before it is measured or drawn.
struct PlayerCard {
    let player: Player
    let components: [AvatarComponent]
    let terminal: Terminal

    private struct Row {
        let label: String
        let value: String
        let style: Terminal.Style?
    }

    func render() -> [String] {
        let points = player.pointTypes.isEmpty
            ? "no points yet"
            : player.pointTypes.map { "\($0.amount) \($0.name.terminalSafe)" }.joined(separator: ", ")
        let achievements = player.achievements.map {
            "★ \($0.name.terminalSafe)" + ($0.description.map { " — \($0.terminalSafe)" } ?? "")
        }
        let avatar = AvatarArt.describe(player.avatar, components: components)
        let nickname = player.nickname.terminalSafe
        guard terminal.rich else {
            return ["Player: \(nickname) (id \(player.id.text.terminalSafe))", "Points: \(points)",
                    "Achievements: " + (achievements.isEmpty ? "none yet" : achievements.joined(separator: "; ")),
                    "Avatar: \(avatar)"]
        }
        var rows = [Row(label: "Points", value: points, style: .yellow)]
        if achievements.isEmpty { rows.append(Row(label: "Achievements", value: "none yet", style: .dim)) }
        for (index, text) in achievements.enumerated() {
            rows.append(Row(label: index == 0 ? "Achievements" : "", value: text, style: .magenta))
        }
        rows.append(Row(label: "Avatar", value: avatar, style: nil))

        func plain(_ row: Row) -> String { " " + row.label.padding(toLength: 13, withPad: " ", startingAt: 0) + row.value }
        let title = " " + nickname
        let width = max(36, title.count + 2, rows.map { plain($0).count + 1 }.max() ?? 0)
        var lines = ["╭" + String(repeating: "─", count: width) + "╮"]
        lines.append("│" + terminal.styled(title, .bold, .cyan) + String(repeating: " ", count: width - title.count) + "│")
        for row in rows {
            let value = row.style.map { terminal.styled(row.value, $0) } ?? row.value
            let text = " " + row.label.padding(toLength: 13, withPad: " ", startingAt: 0) + value
            lines.append("│" + text + String(repeating: " ", count: width - plain(row).count) + "│")
        }
        lines.append("╰" + String(repeating: "─", count: width) + "╯")
        return lines
    }
}
