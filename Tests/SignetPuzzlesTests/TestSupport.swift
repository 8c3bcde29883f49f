import Foundation
import SignetPuzzles

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("signet-puzzles-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Reads the letters of a grid from (x1, y1) to (x2, y2), written independently of the
/// library's checker: nil when the line is not horizontal, vertical or 45° diagonal.
func lettersAlong(_ rows: [[String]], x1: Int, y1: Int, x2: Int, y2: Int) -> String? {
    let dx = x2 - x1
    let dy = y2 - y1
    guard dx == 0 || dy == 0 || abs(dx) == abs(dy) else { return nil }
    let steps = max(abs(dx), abs(dy))
    let sx = dx == 0 ? 0 : (dx > 0 ? 1 : -1)
    let sy = dy == 0 ? 0 : (dy > 0 ? 1 : -1)
    var text = ""
    for step in 0...steps {
        let x = x1 + sx * step
        let y = y1 + sy * step
        guard y >= 0, y < rows.count, x >= 0, x < rows[y].count else { return nil }
        text += rows[y][x]
    }
    return text
}

/// Builds JSON data from a literal written in the test.
func json(_ text: String) -> Data {
    Data(text.utf8)
}
