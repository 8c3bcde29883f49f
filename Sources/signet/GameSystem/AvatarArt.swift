import SignetGameSystem

/// The avatar as text art: a hat for each Top option and legs for each Bottom option, chosen by the
/// option's position in its component (so any server's two options get distinct pictures).
enum AvatarArt {
    private static let tops: [[String]] = [
        ["    _____    ", "   |_____|_  "],          // first Top option (a cap)
        ["   /\\/\\/\\   ", "   |_____|   "],       // second Top option (a crown)
        ["    .---.    ", "   /_____\\   "],
    ]
    private static let face = ["   ( o o )   ", "    \\ - /    ", "   /|   |\\   "]
    private static let bottoms: [[String]] = [
        ["    |   |    ", "    |_|_|    ", "    J   L    "],   // first Bottom option (jeans)
        ["   /#####\\   ", "   \\#####/   ", "    |   |    "],  // second Bottom option (a kilt)
        ["    (   )    ", "    |   |    ", "    ^   ^    "],
    ]

    /// The picture for a player's avatar.
    static func draw(_ avatar: [String: Int], components: [AvatarComponent]) -> [String] {
        let top = tops[index(of: avatar["Top"], in: components, named: "Top") % tops.count]
        let bottom = bottoms[index(of: avatar["Bottom"], in: components, named: "Bottom") % bottoms.count]
        return top + face + bottom
    }

    /// `Top: Cap (101), Bottom: Jeans (201)`; the server's names escaped (``TerminalText``).
    static func describe(_ avatar: [String: Int], components: [AvatarComponent]) -> String {
        guard !avatar.isEmpty else { return "none" }
        return avatar.sorted { order($0.key) < order($1.key) }.map { name, id in
            let option = components.first { $0.name == name }?.options.first { $0.id == id }
            return "\(name.terminalSafe): \((option?.name ?? "option").terminalSafe) (\(id))"
        }.joined(separator: ", ")
    }

    private static func index(of id: Int?, in components: [AvatarComponent], named name: String) -> Int {
        guard let id, let options = components.first(where: { $0.name == name })?.options,
              let position = options.firstIndex(where: { $0.id == id }) else { return 0 }
        return position
    }

    private static func order(_ name: String) -> Int { name == "Top" ? 0 : (name == "Bottom" ? 1 : 2) }
}

/// `signet avatar --all`: every Top × Bottom combination, described and drawn, up to ``maxDrawn`` of them.
///
/// A server decides how many options there are; one listing 3,000 of each would make nine million pictures
/// (about 50 MB of output). So the first ``maxDrawn`` combinations, Top-major, are drawn and the rest are
/// counted on a last line. What is read is bounded too: the components come through the client's JSON
/// decoding, which refuses a body over `SignetClient.defaultMaxJSONBytes` (8 MiB).
enum AvatarGallery {
    /// The most combinations drawn: 100, about 1,000 lines.
    static let maxDrawn = 100

    /// The lines to print: a bold description and the picture of each combination drawn, then, when some
    /// were left out, `… N more combinations not drawn (T Top × B Bottom options; --all draws the first 100)`.
    static func lines(components: [AvatarComponent], terminal: Terminal) -> [String] {
        let tops = components.first { $0.name == "Top" }?.options ?? []
        let bottoms = components.first { $0.name == "Bottom" }?.options ?? []
        var lines: [String] = []
        var drawn = 0
        combinations: for top in tops {
            for bottom in bottoms {
                guard drawn < maxDrawn else { break combinations }
                let avatar = ["Top": top.id, "Bottom": bottom.id]
                lines.append(terminal.styled(AvatarArt.describe(avatar, components: components), .bold))
                lines += AvatarArt.draw(avatar, components: components)
                drawn += 1
            }
        }
        // Counts of two arrays cannot overflow in practice; saturate anyway, the number is only shown.
        let (product, overflow) = tops.count.multipliedReportingOverflow(by: bottoms.count)
        let total = overflow ? Int.max : product
        if total > drawn {
            lines.append("… \(total - drawn) more combinations not drawn (\(tops.count) Top × \(bottoms.count) Bottom "
                         + "options; --all draws the first \(maxDrawn))")
        }
        return lines
    }
}
