/// A cell position in a puzzle grid: `x` is the column, `y` the row, both counted from 0
/// at the top-left corner.
public struct GridPoint: Sendable, Hashable, CustomStringConvertible {
    /// The column, from 0 at the left edge.
    public var x: Int
    /// The row, from 0 at the top edge.
    public var y: Int

    /// Creates a position from a column and a row.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The position as `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
