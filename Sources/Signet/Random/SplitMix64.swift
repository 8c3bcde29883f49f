/// Steele, Lea and Flood's SplitMix64 generator: tiny, fast, and the same sequence on every platform
/// and Swift version, so a seed always yields the same generated puzzle or the same trivia questions.
package struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A uniform integer in `0..<bound` (bound ≥ 1), by rejection so no value is favoured.
    ///
    /// Spelled out rather than using `Int.random(in:using:)`, whose algorithm the standard library
    /// does not promise to keep, so the sequence for a seed stays fixed.
    package mutating func next(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let range = UInt64(bound)
        let threshold = (0 &- range) % range
        while true {
            let value = next()
            if value >= threshold { return Int(value % range) }
        }
    }

    /// `elements` in a random order (Fisher–Yates, from the last index down).
    package mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
        var result = elements
        var index = result.count - 1
        while index > 0 {
            result.swapAt(index, next(below: index + 1))
            index -= 1
        }
        return result
    }
}
