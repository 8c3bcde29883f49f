/// How a `/puzzle` response arranges its grid.
public enum GridLayout: String, Sendable, Hashable {
    /// `puzzle[y][x]`: the outer array holds rows (the documented layout).
    case rowMajor
    /// `puzzle[x][y]`: the outer array holds columns.
    case columnMajor
}
