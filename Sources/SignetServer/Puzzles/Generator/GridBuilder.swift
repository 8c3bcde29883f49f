import Signet
import SignetPuzzles

/// A grid being filled by the generator: words are placed one at a time, then the empty
/// cells get random letters.
struct GridBuilder {
    let width: Int
    let height: Int
    private var cells: [Character?]
    private(set) var placed: [PlacedWord] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: nil, count: width * height)
    }

    /// Places `word` at a random start in a random one of `directions`, where every cell it
    /// covers is empty or already holds the same letter and at least one cell is empty (so no
    /// word hides entirely inside another). Returns false when there is no such place.
    ///
    /// Candidate places are visited in a random order: a random offset and a random stride
    /// coprime with their count, so each place is tried once and the search is bounded by
    /// width × height × directions.
    mutating func place(_ word: String, directions: [GridDirection], random: inout SplitMix64) -> Bool {
        let letters = Array(word)
        let count = width * height * directions.count
        guard !letters.isEmpty, count > 0 else { return false }
        let offset = random.next(below: count)
        var stride = 1 + random.next(below: count)
        while greatestCommonDivisor(stride, count) != 1 {
            stride -= 1
        }
        var index = offset
        for _ in 0..<count {
            index = (index + stride) % count
            let direction = directions[index % directions.count]
            let cell = index / directions.count
            let start = GridPoint(x: cell % width, y: cell / width)
            if fits(letters, from: start, direction: direction) {
                write(letters, from: start, direction: direction)
                placed.append(PlacedWord(
                    word: word, start: start, end: direction.advance(start, by: letters.count - 1)))
                return true
            }
        }
        return false
    }

    /// The finished grid: placed letters kept, every empty cell a random letter from `alphabet`.
    mutating func fill(from alphabet: [Character], random: inout SplitMix64) -> LetterGrid {
        let letters = cells.map { $0 ?? alphabet[random.next(below: alphabet.count)] }
        return LetterGrid(validatedRows: (0..<height).map { y in Array(letters[(y * width)..<((y + 1) * width)]) })
    }

    private func fits(_ letters: [Character], from start: GridPoint, direction: GridDirection) -> Bool {
        let end = direction.advance(start, by: letters.count - 1)
        guard end.x >= 0, end.x < width, end.y >= 0, end.y < height else { return false }
        var coversEmptyCell = false
        for (step, letter) in letters.enumerated() {
            let point = direction.advance(start, by: step)
            if let existing = cells[point.y * width + point.x] {
                guard existing == letter else { return false }
            } else {
                coversEmptyCell = true
            }
        }
        return coversEmptyCell
    }

    private mutating func write(_ letters: [Character], from start: GridPoint, direction: GridDirection) {
        for (step, letter) in letters.enumerated() {
            let point = direction.advance(start, by: step)
            cells[point.y * width + point.x] = letter
        }
    }

    private func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 {
            (a, b) = (b, a % b)
        }
        return a
    }
}
