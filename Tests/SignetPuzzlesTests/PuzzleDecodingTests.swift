import Foundation
import Testing
import SignetPuzzles

@Suite("Decoding and checking /puzzle responses")
struct PuzzleDecodingTests {
    // A 5×3 grid, row-major:      and the same grid column-major (puzzle[x][y]):
    //   C A T S Q                   [C O W] [A W X] [T L D] [S Z O] [Q E G]
    //   O W L Z E
    //   W X D O G
    static let rows = #"[["C","A","T","S","Q"],["O","W","L","Z","E"],["W","X","D","O","G"]]"#
    static let columns = #"[["C","O","W"],["A","W","X"],["T","L","D"],["S","Z","O"],["Q","E","G"]]"#
    static let words = """
        [{"word":"CATS","x1":0,"y1":0,"x2":3,"y2":0},
         {"word":"COW","x1":0,"y1":0,"x2":0,"y2":2},
         {"word":"GOD","x1":4,"y1":2,"x2":2,"y2":2},
         {"word":"CWD","x1":0,"y1":0,"x2":2,"y2":2},
         {"word":"OZS","x1":3,"y1":2,"x2":3,"y2":0}]
        """

    func response(id: String = #""p-1""#, puzzle: String = rows, words: String = words) -> Data {
        json(#"{"id":\#(id),"puzzle":\#(puzzle),"words":\#(words)}"#)
    }

    let decoder = PuzzleResponseDecoder()

    @Test("a row-major response decodes with every word in place")
    func rowMajor() throws {
        let decoded = try decoder.decode(response())
        #expect(decoded.layout == .rowMajor)
        #expect(decoded.puzzle.id == "p-1")
        #expect(decoded.puzzle.grid.width == 5 && decoded.puzzle.grid.height == 3)
        #expect(decoded.puzzle.grid[GridPoint(x: 4, y: 1)] == "E")
        #expect(decoded.puzzle.words.map(\.word) == ["CATS", "COW", "GOD", "CWD", "OZS"])
        #expect(decoded.puzzle.words[2].start == GridPoint(x: 4, y: 2))
        #expect(decoded.puzzle.words[2].direction == .left)
    }

    @Test("a column-major response is detected by its words and turned row-major")
    func columnMajor() throws {
        let decoded = try decoder.decode(response(puzzle: Self.columns))
        #expect(decoded.layout == .columnMajor)
        #expect(decoded.puzzle.grid.stringRows == (try decoder.decode(response())).puzzle.grid.stringRows)
        #expect(decoded.puzzle.grid.width == 5 && decoded.puzzle.grid.height == 3)
    }

    @Test("positions inside a location object decode; a numeric id becomes text")
    func locationWrapper() throws {
        let words = """
            [{"word":"CATS","location":{"x1":0,"y1":0,"x2":3,"y2":0}},
             {"word":"DOG","location":{"x1":2,"y1":2,"x2":4,"y2":2}}]
            """
        let decoded = try decoder.decode(response(id: "42", words: words))
        #expect(decoded.puzzle.id == "42")
        #expect(decoded.puzzle.words == [
            PlacedWord(word: "CATS", start: GridPoint(x: 0, y: 0), end: GridPoint(x: 3, y: 0)),
            PlacedWord(word: "DOG", start: GridPoint(x: 2, y: 2), end: GridPoint(x: 4, y: 2)),
        ])
        let transposed = try decoder.decode(response(puzzle: Self.columns, words: words))
        #expect(transposed.layout == .columnMajor)
    }

    @Test("letters are compared ignoring case, and keep their case")
    func caseInsensitive() throws {
        let lower = Self.rows.lowercased()
        let decoded = try decoder.decode(response(puzzle: lower, words: #"[{"word":"Cats","x1":0,"y1":0,"x2":3,"y2":0}]"#))
        #expect(decoded.puzzle.grid[GridPoint(x: 0, y: 0)] == "c")
        #expect(decoded.puzzle.words[0].word == "Cats")
    }

    @Test("when both readings fit, row-major wins")
    func ambiguousIsRowMajor() throws {
        let decoded = try decoder.decode(response(
            puzzle: #"[["A","B"],["B","A"]]"#, words: #"[{"word":"AB","x1":0,"y1":0,"x2":1,"y2":0}]"#))
        #expect(decoded.layout == .rowMajor)
        let noWords = try decoder.decode(response(words: "[]"))
        #expect(noWords.layout == .rowMajor)
    }

    @Test("a word that is not in the grid is named with what the grid holds")
    func wordNotInGrid() {
        let words = #"[{"word":"COW","x1":0,"y1":0,"x2":0,"y2":2},{"word":"CATZ","x1":0,"y1":0,"x2":3,"y2":0}]"#
        #expect(throws: PuzzleDecodingError.wordNotInGrid(
            path: "$.words[1]", word: "CATZ", found: "CATS", start: GridPoint(x: 0, y: 0), end: GridPoint(x: 3, y: 0))
        ) {
            try decoder.decode(response(words: words))
        }
        let message = PuzzleDecodingError.wordNotInGrid(
            path: "$.words[1]", word: "CATZ", found: "CATS", start: GridPoint(x: 0, y: 0), end: GridPoint(x: 3, y: 0)
        ).description
        #expect(message.contains("$.words[1]") && message.contains("CATZ") && message.contains("CATS"))
    }

    @Test("bent lines and wrong lengths are refused")
    func lineProblems() {
        #expect(throws: PuzzleDecodingError.notStraightLine(
            path: "$.words[0]", word: "CAL", start: GridPoint(x: 0, y: 0), end: GridPoint(x: 2, y: 1))
        ) {
            try decoder.decode(response(words: #"[{"word":"CAL","x1":0,"y1":0,"x2":2,"y2":1}]"#))
        }
        #expect(throws: PuzzleDecodingError.lengthMismatch(path: "$.words[0]", word: "CAT", wordLength: 3, lineLength: 4)) {
            try decoder.decode(response(words: #"[{"word":"CAT","x1":0,"y1":0,"x2":3,"y2":0}]"#))
        }
        #expect(throws: PuzzleDecodingError.emptyWord(path: "$.words[0].word")) {
            try decoder.decode(response(words: #"[{"word":"","x1":0,"y1":0,"x2":0,"y2":0}]"#))
        }
    }

    @Test("coordinates outside the grid name their JSON path")
    func outOfRange() {
        #expect(throws: PuzzleDecodingError.coordinateOutOfRange(path: "$.words[0].x2", value: 9, allowed: 0...4)) {
            try decoder.decode(response(words: #"[{"word":"CATS","x1":0,"y1":0,"x2":9,"y2":0}]"#))
        }
        #expect(throws: PuzzleDecodingError.coordinateOutOfRange(path: "$.words[0].location.y1", value: -1, allowed: 0...2)) {
            try decoder.decode(response(words: #"[{"word":"CATS","location":{"x1":0,"y1":-1,"x2":3,"y2":0}}]"#))
        }
    }

    @Test("grid shape problems name their JSON path")
    func gridShape() {
        #expect(throws: PuzzleDecodingError.nonRectangularGrid(path: "$.puzzle[1]", expected: 2, found: 1)) {
            try decoder.decode(response(puzzle: #"[["A","B"],["C"]]"#, words: "[]"))
        }
        #expect(throws: PuzzleDecodingError.notALetter(path: "$.puzzle[0][1]", value: "AB")) {
            try decoder.decode(response(puzzle: #"[["A","AB"],["C","D"]]"#, words: "[]"))
        }
        #expect(throws: PuzzleDecodingError.notALetter(path: "$.puzzle[1][0]", value: "7")) {
            try decoder.decode(response(puzzle: #"[["A","B"],["7","D"]]"#, words: "[]"))
        }
        #expect(throws: PuzzleDecodingError.malformed(path: "$.puzzle[0][1]", reason: "expected a string")) {
            try decoder.decode(response(puzzle: #"[["A",5],["C","D"]]"#, words: "[]"))
        }
        #expect(throws: PuzzleDecodingError.emptyGrid(path: "$.puzzle")) {
            try decoder.decode(response(puzzle: "[]", words: "[]"))
        }
    }

    @Test("a member named twice is refused, naming it (JSONDecoder alone kept one of the two)")
    func duplicateMember() {
        let twice = #"{"id":"p1","puzzle":[["A"]],"words":[],"words":[{"word":"A","x1":0,"y1":0,"x2":0,"y2":0}]}"#
        #expect(throws: PuzzleDecodingError.malformed(path: "$.words", reason: "the member \"words\" appears twice (byte 39)")) {
            try decoder.decode(json(twice))
        }
        #expect(throws: PuzzleDecodingError.malformed(path: "$[0].name", reason: "the member \"name\" appears twice (byte 13)")) {
            try CapabilityListDecoder.decode(Data(#"[{"name":"a","name":"b","description":"","keyword":"k"}]"#.utf8))
        }
    }

    @Test("missing and mistyped fields name their JSON path")
    func malformed() {
        #expect(throws: PuzzleDecodingError.malformed(path: "$.words", reason: "required field is missing")) {
            try decoder.decode(json(#"{"id":"1","puzzle":[["A"]]}"#))
        }
        #expect(throws: PuzzleDecodingError.malformed(path: "$.words[0].location.x2", reason: "required field is missing")) {
            try decoder.decode(response(words: #"[{"word":"CATS","location":{"x1":0,"y1":0,"y2":0}}]"#))
        }
        #expect(throws: PuzzleDecodingError.malformed(path: "$.words[0].y1", reason: "expected a number")) {
            try decoder.decode(response(words: #"[{"word":"CATS","x1":0,"y1":"0","x2":3,"y2":0}]"#))
        }
    }

    @Test("a body that is not a JSON object is refused at the root")
    func notAnObject() {
        #expect(throws: PuzzleDecodingError.malformed(path: "$", reason: "expected an object")) {
            try decoder.decode(json("[]"))
        }
        #expect(throws: PuzzleDecodingError.malformed(path: "$.puzzle", reason: "expected an array")) {
            try decoder.decode(json(#"{"id":"1","puzzle":"ABC","words":[]}"#))
        }
        let error = #expect(throws: PuzzleDecodingError.self) {
            try decoder.decode(json("<html>503</html>"))
        }
        if case let .malformed(path, _)? = error {
            #expect(path == "$")
        } else {
            Issue.record("expected malformed, got \(String(describing: error))")
        }
    }

    @Test("size limits refuse oversized bodies, grids and word lists; deep nesting does not crash")
    func limits() {
        let small = PuzzleResponseDecoder(limits: .init(maxBytes: 10))
        #expect(throws: PuzzleDecodingError.tooLarge(bytes: response().count, limit: 10)) {
            try small.decode(response())
        }
        let narrow = PuzzleResponseDecoder(limits: .init(maxSide: 4))
        #expect(throws: PuzzleDecodingError.gridTooLarge(path: "$.puzzle", outer: 3, inner: 5, limit: 4)) {
            try narrow.decode(response())
        }
        let few = PuzzleResponseDecoder(limits: .init(maxWords: 2))
        #expect(throws: PuzzleDecodingError.tooManyWords(count: 5, limit: 2)) {
            try few.decode(response())
        }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: PuzzleDecodingError.self) {
            try decoder.decode(json(#"{"id":"1","puzzle":\#(deep),"words":[]}"#))
        }
    }

    @Test("distinct words are told apart letter by letter, as a find is matched: ß and SS are two words, ss and SS one")
    func distinctWordsByLetter() throws {
        let grid = try LetterGrid(cells: [["S", "S"], ["ß", "A"]])
        let puzzle = try Puzzle(id: "p", grid: grid, words: [
            PlacedWord(word: "SS", start: GridPoint(x: 0, y: 0), end: GridPoint(x: 1, y: 0)),
            PlacedWord(word: "ß", start: GridPoint(x: 0, y: 1), end: GridPoint(x: 0, y: 1)),
            PlacedWord(word: "ss", start: GridPoint(x: 0, y: 0), end: GridPoint(x: 1, y: 0)),
        ])
        #expect(puzzle.distinctWords == ["SS", "ß"])
        #expect(puzzle.word(matching: "ß") == "ß" && puzzle.word(matching: "ss") == "SS")
    }

    @Test("Puzzle checks words when built from parts; the encoder writes the wire form")
    func buildAndEncode() throws {
        let grid = try LetterGrid(cells: [["H", "I"], ["X", "Y"]])
        let puzzle = try Puzzle(id: "7", grid: grid, words: [
            PlacedWord(word: "HI", start: GridPoint(x: 0, y: 0), end: GridPoint(x: 1, y: 0)),
        ])
        let data = try PuzzleResponseEncoder.encode(puzzle)
        #expect(String(decoding: data, as: UTF8.self)
            == #"{"id":"7","puzzle":[["H","I"],["X","Y"]],"words":[{"word":"HI","x1":0,"x2":1,"y1":0,"y2":0}]}"#)
        #expect(try decoder.decode(data).puzzle == puzzle)
        #expect(throws: PuzzleDecodingError.wordNotInGrid(
            path: "$.words[0]", word: "HY", found: "HI", start: GridPoint(x: 0, y: 0), end: GridPoint(x: 1, y: 0))
        ) {
            try Puzzle(id: "7", grid: grid, words: [
                PlacedWord(word: "HY", start: GridPoint(x: 0, y: 0), end: GridPoint(x: 1, y: 0)),
            ])
        }
    }
}
