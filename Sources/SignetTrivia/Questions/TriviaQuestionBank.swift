import Signet

/// The questions the reference game draws from. The right answer is listed first here; every game
/// shuffles the choices, so the wire order says nothing.
public enum TriviaQuestionBank {
    /// The built-in questions (general knowledge, answers stable over time).
    public static let builtIn: [TriviaQuestion] = [
        q("q-capital-australia", "What is the capital of Australia?", "Canberra", "Sydney", "Melbourne", "Perth"),
        q("q-largest-planet", "Which is the largest planet in the Solar System?", "Jupiter", "Saturn", "Neptune", "Earth"),
        q("q-water-boils", "At sea level, at what temperature in °C does water boil?", "100", "90", "110", "120"),
        q("q-hexagon-sides", "How many sides has a hexagon?", "6", "5", "7", "8"),
        q("q-swift-year", "In which year did Apple announce the Swift language?", "2014", "2012", "2016", "2010"),
        q("q-chemical-gold", "What is the chemical symbol for gold?", "Au", "Ag", "Gd", "Go"),
        q("q-longest-river", "Which river flows through Cairo?", "Nile", "Tigris", "Danube", "Niger"),
        q("q-speed-light", "Roughly how fast does light travel in vacuum, in km/s?",
          "300,000", "30,000", "3,000,000", "150,000"),
        q("q-moon-landing", "In which year did Apollo 11 land on the Moon?", "1969", "1972", "1965", "1959"),
        q("q-prime-after-7", "Which is the next prime number after 7?", "11", "9", "13", "10"),
        q("q-hamlet-author", "Who wrote Hamlet?", "William Shakespeare", "Christopher Marlowe", "Ben Jonson", "John Milton"),
        q("q-ocean-largest", "Which is the largest ocean?", "Pacific", "Atlantic", "Indian", "Arctic"),
        q("q-bits-in-byte", "How many bits are in a byte?", "8", "4", "16", "10"),
        q("q-http-not-found", "Which HTTP status code means Not Found?", "404", "400", "403", "500"),
    ]

    private static func q(_ id: String, _ text: String, _ right: String, _ wrong: String...) -> TriviaQuestion {
        TriviaQuestion(id: id, text: text, choices: [right] + wrong, correctChoice: 0)
    }

    /// `count` questions drawn from `bank` without repeats, each with its choices shuffled; the same
    /// seed and bank always give the same questions in the same order with the same choice order.
    public static func select(_ count: Int, from bank: [TriviaQuestion] = builtIn, seed: UInt64) -> [TriviaQuestion] {
        var generator = SplitMix64(seed: seed)
        let drawn = generator.shuffled(bank).prefix(max(0, count))
        return drawn.map { $0.withShuffledChoices(using: &generator) }
    }
}
