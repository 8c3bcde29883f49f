import Foundation
import Testing
import SignetPuzzles

/// Coordinates near `Int.min` and `Int.max`, from a hostile server or a caller, once made the grid code
/// trap (`end.x - start.x`, `abs(Int.min)`, `start.x + dx * steps`). They must now be out-of-range errors
/// or well-defined answers. Expected values are worked out by hand.
@Suite("Grid arithmetic on extreme coordinates")
struct GridArithmeticTests {
    // The 5×3 grid of PuzzleDecodingTests: CATSQ / OWLZE / WXDOG.
    static let rows = #"[["C","A","T","S","Q"],["O","W","L","Z","E"],["W","X","D","O","G"]]"#
    static let max = "9223372036854775807", min = "-9223372036854775808"

    func decode(words: String) throws(PuzzleDecodingError) -> DecodedPuzzle {
        try PuzzleResponseDecoder().decode(json(#"{"id":"p","puzzle":\#(Self.rows),"words":\#(words)}"#))
    }

    @Test("a response with coordinates at Int.max and Int.min names the first one out of the grid")
    func extremeCoordinatesInAResponse() {
        #expect(throws: PuzzleDecodingError.coordinateOutOfRange(path: "$.words[0].x1", value: Int.max, allowed: 0...4)) {
            try decode(words: #"[{"word":"CATS","x1":\#(Self.max),"y1":0,"x2":\#(Self.min),"y2":0}]"#)
        }
        #expect(throws: PuzzleDecodingError.coordinateOutOfRange(path: "$.words[0].x2", value: Int.min, allowed: 0...4)) {
            try decode(words: #"[{"word":"CATS","x1":0,"y1":0,"x2":\#(Self.min),"y2":\#(Self.max)}]"#)
        }
        #expect(throws: PuzzleDecodingError.coordinateOutOfRange(path: "$.words[0].location.y1", value: Int.min, allowed: 0...2)) {
            try decode(words: #"[{"word":"CATS","location":{"x1":0,"y1":\#(Self.min),"x2":3,"y2":0}}]"#)
        }
    }

    @Test("a coordinate beyond Int is refused as malformed, not a trap")
    func coordinateBeyondInt() {
        // Foundation's JSON reader refuses the whole document for a number beyond 64 bits, so the path is
        // the root; what matters here is a typed error instead of a crash.
        let error = #expect(throws: PuzzleDecodingError.self) {
            try decode(words: #"[{"word":"CATS","x1":9223372036854775808,"y1":0,"x2":3,"y2":0}]"#)
        }
        guard case .malformed? = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
    }

    @Test("a puzzle built in code with extreme coordinates is refused the same way")
    func extremeCoordinatesInCode() throws {
        let grid = try LetterGrid(cells: [["A", "B"]])
        let word = PlacedWord(word: "AB", start: GridPoint(x: Int.min, y: 0), end: GridPoint(x: Int.max, y: 0))
        #expect(throws: PuzzleDecodingError.coordinateOutOfRange(path: "$.words[0].x1", value: Int.min, allowed: 0...1)) {
            try Puzzle(id: "p", grid: grid, words: [word])
        }
    }

    @Test("the direction between points far apart does not overflow")
    func directionBetweenFarPoints() {
        let p = { (x: Int, y: Int) in GridPoint(x: x, y: y) }
        #expect(GridDirection.between(p(Int.min, 0), p(Int.max, 0)) == .right)
        #expect(GridDirection.between(p(Int.max, 7), p(Int.min, 7)) == .left)
        #expect(GridDirection.between(p(3, Int.max), p(3, Int.min)) == .up)
        #expect(GridDirection.between(p(Int.min, Int.min), p(Int.max, Int.max)) == .downRight)
        #expect(GridDirection.between(p(Int.max, Int.min), p(Int.min, Int.max)) == .downLeft)
        // 2^63 across and 2^63 - 1 down: not a diagonal.
        #expect(GridDirection.between(p(0, 0), p(Int.min, Int.max)) == nil)
        #expect(GridDirection.between(p(Int.min, 0), p(Int.max, 1)) == nil)
        #expect(GridDirection.between(p(Int.min, Int.min), p(Int.min, Int.min)) == nil)
        #expect(PlacedWord(word: "AB", start: p(Int.min, 3), end: p(Int.max, 3)).direction == .right)
    }

    @Test("advancing past the end of Int stops there, outside every grid")
    func advanceSaturates() throws {
        let p = { (x: Int, y: Int) in GridPoint(x: x, y: y) }
        #expect(GridDirection.right.advance(p(Int.max, 0), by: 1) == p(Int.max, 0))
        #expect(GridDirection.left.advance(p(0, 0), by: Int.max) == p(-Int.max, 0))
        #expect(GridDirection.left.advance(p(-5, 0), by: Int.max) == p(Int.min, 0))
        #expect(GridDirection.left.advance(p(0, 0), by: Int.min) == p(Int.max, 0))
        #expect(GridDirection.upLeft.advance(p(Int.min, 1), by: 3) == p(Int.min, -2))
        #expect(GridDirection.downRight.advance(p(2, 3), by: 4) == p(6, 7))
        let grid = try LetterGrid(cells: [["A", "B"]])
        #expect(grid.letters(from: p(Int.max, 0), direction: .right, count: Int.max) == "")
        #expect(grid.letters(from: p(1, 0), direction: .left, count: Int.max) == "BA")
    }
}
