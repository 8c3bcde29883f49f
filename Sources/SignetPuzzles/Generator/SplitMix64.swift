/// The SplitMix64 pseudo-random generator (Steele, Lea and Flood, 2014): small, fast and the
/// same on every platform and Swift version, so a seed always yields the same puzzle.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (0 when `bound` ≤ 0), by rejection sampling so no
    /// value is favoured.
    public mutating func uniform(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let range = UInt64(bound)
        let threshold = (0 &- range) % range
        while true {
            let value = next()
            if value >= threshold {
                return Int(value % range)
            }
        }
    }

    /// `elements` in a random order (Fisher–Yates, drawing with `uniform(below:)`).
    public mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
        var result = elements
        var index = result.count - 1
        while index > 0 {
            result.swapAt(index, uniform(below: index + 1))
            index -= 1
        }
        return result
    }
}
