/// The capability keywords Signet knows: each allows words to run in some directions.
///
/// - `horizontal`: along a row, left to right or right to left.
/// - `vertical`: along a column, top to bottom or bottom to top.
/// - `angle`: along any of the four 45° diagonals, either way.
public enum DirectionCapability: String, Sendable, Hashable, CaseIterable {
    /// Along a row, either way.
    case horizontal
    /// Along a column, either way.
    case vertical
    /// Along a diagonal, either way.
    case angle

    /// The directions the keyword allows.
    public var directions: [GridDirection] {
        switch self {
        case .horizontal: [.right, .left]
        case .vertical: [.down, .up]
        case .angle: [.downRight, .downLeft, .upRight, .upLeft]
        }
    }

    /// The most letters a word can have in these directions on a `width`×`height` grid.
    public func longestLine(width: Int, height: Int) -> Int {
        switch self {
        case .horizontal: width
        case .vertical: height
        case .angle: min(width, height)
        }
    }

    /// The capability for a direction, the inverse of `directions`.
    public init(direction: GridDirection) {
        if direction.dy == 0 {
            self = .horizontal
        } else if direction.dx == 0 {
            self = .vertical
        } else {
            self = .angle
        }
    }
}
