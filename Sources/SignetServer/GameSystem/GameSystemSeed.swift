/// The demo data every reference server starts with: tenant `acme`, player `ann`, the Magic and Rainbow
/// rules and the Top/Bottom avatar components.
enum GameSystemSeed {
    /// Option ids: Top 101 Cap, 102 Crown; Bottom 201 Jeans, 202 Kilt.
    static let avatarComponents = [
        AvatarComponent(id: 1, name: "Top", options: [AvatarOption(id: 101, name: "Cap"), AvatarOption(id: 102, name: "Crown")]),
        AvatarComponent(id: 2, name: "Bottom", options: [AvatarOption(id: 201, name: "Jeans"), AvatarOption(id: 202, name: "Kilt")]),
    ]

    /// The Rainbow achievement (id 1).
    static let rainbow = Achievement(
        id: 1, name: "Rainbow", description: "Saw a rainbow",
        imageURL: "https://signet.invalid/achievements/rainbow.png")

    /// `Magic` awards 10 points; `Rainbow` awards the Rainbow achievement, once.
    static let rules: [String: EventRule] = [
        "Magic": EventRule(points: ["points": 10], achievementID: nil),
        "Rainbow": EventRule(points: [:], achievementID: rainbow.id),
    ]

    /// Ann: no points, no achievements, Cap and Jeans.
    static let ann = Player(
        id: 1, nickname: "Ann", extID: DemoCredentials.player,
        pointTypes: [PointBalance(name: "points", amount: 0)], achievements: [],
        avatar: ["Top": 101, "Bottom": 201])

    /// Every tenant, by name: `ann`, and `player-1` … `player-N` when `extraPlayers` is N (for load tests
    /// that need many players, so that no two legitimate posts are byte-identical).
    static func tenants(extraPlayers: Int = 0) -> [String: TenantData] {
        var players = [ann.extID: ann]
        for number in stride(from: 1, through: max(0, extraPlayers), by: 1) {
            let player = extraPlayer(number)
            players[player.extID] = player
        }
        return [DemoCredentials.tenant: TenantData(
            players: players, avatarComponents: avatarComponents,
            achievements: [rainbow.id: rainbow], rules: rules)]
    }

    /// `player-N`: id N + 1, no points, Cap and Jeans.
    static func extraPlayer(_ number: Int) -> Player {
        Player(id: number + 1, nickname: "Player \(number)", extID: "player-\(number)",
               pointTypes: [PointBalance(name: "points", amount: 0)], achievements: [],
               avatar: ["Top": 101, "Bottom": 201])
    }
}
