/// The `/puzzle` response as it arrives, before any checking: `{"id", "puzzle", "words"}`.
struct PuzzleResponseBody: Decodable {
    var id: String
    var puzzle: [[String]]
    var words: [WordEntry]

    private enum CodingKeys: String, CodingKey {
        case id, puzzle, words
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? container.decode(Int.self, forKey: .id) {
            id = String(number)
        } else {
            id = try container.decode(String.self, forKey: .id)
        }
        puzzle = try container.decode([[String]].self, forKey: .puzzle)
        words = try container.decode([WordEntry].self, forKey: .words)
    }
}

/// One entry of `"words"`: positions either beside the word or inside a `"location"` object.
struct WordEntry: Decodable {
    var placed: PlacedWord
    var usesLocation: Bool

    private enum CodingKeys: String, CodingKey {
        case word, location, x1, y1, x2, y2
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let word = try container.decode(String.self, forKey: .word)
        let positions: KeyedDecodingContainer<CodingKeys>
        if container.contains(.location) {
            positions = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .location)
            usesLocation = true
        } else {
            positions = container
            usesLocation = false
        }
        let start = GridPoint(
            x: try positions.decode(Int.self, forKey: .x1), y: try positions.decode(Int.self, forKey: .y1))
        let end = GridPoint(
            x: try positions.decode(Int.self, forKey: .x2), y: try positions.decode(Int.self, forKey: .y2))
        placed = PlacedWord(word: word, start: start, end: end)
    }
}

/// The `/puzzle` response the reference server sends: row-major, flat positions.
struct PuzzleResponseOutput: Encodable {
    var id: String
    var puzzle: [[String]]
    var words: [PlacedWord]
}
