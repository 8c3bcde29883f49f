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
    /// are equal or do not lie on one row, column or 45° diagonal. Any coordinates are allowed:
    /// distances are compared as unsigned magnitudes, so points far apart cannot overflow.
    public static func between(_ start: GridPoint, _ end: GridPoint) -> GridDirection? {
        let (sx, distanceX) = step(from: start.x, to: end.x)
        let (sy, distanceY) = step(from: start.y, to: end.y)
        guard sx != 0 || sy != 0 else { return nil }
        guard sx == 0 || sy == 0 || distanceX == distanceY else { return nil }
        return GridDirection(dx: sx, dy: sy)
    }

    /// The position `steps` cells from `start` in this direction. A coordinate that would pass the
    /// end of `Int` stops at `Int.min` or `Int.max`, which lie outside every grid.
    public func advance(_ start: GridPoint, by steps: Int) -> GridPoint {
        GridPoint(x: Self.offset(start.x, by: dx, times: steps), y: Self.offset(start.y, by: dy, times: steps))
    }

    /// The sign of `to − from` and its magnitude, which always fits `UInt`.
    private static func step(from: Int, to: Int) -> (sign: Int, distance: UInt) {
        if to > from { return (1, UInt(bitPattern: to &- from)) }
        if to < from { return (-1, UInt(bitPattern: from &- to)) }
        return (0, 0)
    }

    /// `value + unit × steps`, saturated at the end of `Int` it runs towards.
    private static func offset(_ value: Int, by unit: Int, times steps: Int) -> Int {
        let (delta, productOverflow) = unit.multipliedReportingOverflow(by: steps)
        let (sum, sumOverflow) = value.addingReportingOverflow(delta)
        guard productOverflow || sumOverflow else { return sum }
        return unit.signum() * steps.signum() > 0 ? .max : .min
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
