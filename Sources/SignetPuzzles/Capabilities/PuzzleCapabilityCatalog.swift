/// The capability lists the reference server serves.
public enum PuzzleCapabilityCatalog {
    /// Horizontal, Vertical and Angle with their own keywords; Angle left out when
    /// `includingAngle` is false (the seed's "if the Angle feature is missing" case).
    public static func standard(includingAngle: Bool = true) -> [PuzzleCapability] {
        list(verticalKeyword: "vertical", includingAngle: includingAngle)
    }

    /// The list exactly as the original service published it, Vertical with the keyword
    /// `horizontal`, so a client's duplicate resolution can be exercised end to end.
    public static func asPublished(includingAngle: Bool = true) -> [PuzzleCapability] {
        list(verticalKeyword: "horizontal", includingAngle: includingAngle)
    }

    /// `standard(includingAngle:)` as a resolved set, for validating requests server-side.
    public static func standardSet(includingAngle: Bool = true) -> CapabilitySet {
        CapabilitySet.resolve(standard(includingAngle: includingAngle)).capabilities
    }

    private static func list(verticalKeyword: String, includingAngle: Bool) -> [PuzzleCapability] {
        var list = [
            PuzzleCapability(
                name: "Horizontal", description: "Adds words horizontally in the puzzle", keyword: "horizontal"),
            PuzzleCapability(
                name: "Vertical", description: "Adds words vertically in the puzzle", keyword: verticalKeyword),
        ]
        if includingAngle {
            list.append(PuzzleCapability(
                name: "Angle", description: "Adds words at an angle in the puzzle", keyword: "angle"))
        }
        return list
    }
}
