/// One of the eight directions a word can run in a grid: a step of -1, 0 or 1 in each axis,
/// never both 0. `y` grows downwards.
public struct GridDirection: Sendable, Hashable, CustomStringConvertible {
    /// Column step: -1 (leftwards), 0 or 1 (rightwards).
    public let dx: Int
    /// Row step: -1 (upwards), 0 or 1 (downwards).
    public let dy: Int

    private init(dx: Int, dy: Int) {
        self.dx = dx
        self.dy = dy
    }

    /// Left to right along a row.
    public static let right = GridDirection(dx: 1, dy: 0)
    /// Right to left along a row.
    public static let left = GridDirection(dx: -1, dy: 0)
    /// Top to bottom along a column.
    public static let down = GridDirection(dx: 0, dy: 1)
    /// Bottom to top along a column.
    public static let up = GridDirection(dx: 0, dy: -1)
    /// Diagonally towards the bottom right.
    public static let downRight = GridDirection(dx: 1, dy: 1)
    /// Diagonally towards the bottom left.
    public static let downLeft = GridDirection(dx: -1, dy: 1)
    /// Diagonally towards the top right.
    public static let upRight = GridDirection(dx: 1, dy: -1)
    /// Diagonally towards the top left.
    public static let upLeft = GridDirection(dx: -1, dy: -1)

    /// All eight directions.
    public static let all: [GridDirection] = [.right, .left, .down, .up, .downRight, .downLeft, .upRight, .upLeft]

    /// The direction of the straight line from `start` to `end`, or nil when the two points
    /// are equal or do not lie on one row, column or 45° diagonal.
    public static func between(_ start: GridPoint, _ end: GridPoint) -> GridDirection? {
        let dx = end.x - start.x
        let dy = end.y - start.y
        guard dx != 0 || dy != 0 else { return nil }
        guard dx == 0 || dy == 0 || abs(dx) == abs(dy) else { return nil }
        return GridDirection(dx: dx.signum(), dy: dy.signum())
    }

    /// The position `steps` cells from `start` in this direction.
    public func advance(_ start: GridPoint, by steps: Int) -> GridPoint {
        GridPoint(x: start.x + dx * steps, y: start.y + dy * steps)
    }

    /// A name such as `right` or `upLeft`.
    public var description: String {
        switch (dx, dy) {
        case (1, 0): "right"
        case (-1, 0): "left"
        case (0, 1): "down"
        case (0, -1): "up"
        case (1, 1): "downRight"
        case (-1, 1): "downLeft"
        case (1, -1): "upRight"
        default: "upLeft"
        }
    }
}
