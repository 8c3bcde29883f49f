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

