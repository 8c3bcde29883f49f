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

    /// Every tenant, by name.
    static var tenants: [String: TenantData] {
        [DemoCredentials.tenant: TenantData(
            players: [ann.extID: ann], avatarComponents: avatarComponents,
            achievements: [rainbow.id: rainbow], rules: rules)]
    }
}
