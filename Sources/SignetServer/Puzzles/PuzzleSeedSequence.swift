import Signet
import SignetPuzzles
import Synchronization

/// Hands each `POST /puzzle` its own generator seed: the n-th request (counted from 0, among
/// requests whose body decoded) gets the n-th output of `SplitMix64(seed: serverSeed)`. A
/// server started with the same seed and sent the same requests in the same order answers
/// the same puzzles; two requests to one server never share a seed.
final class PuzzleSeedSequence: Sendable {
    private let generator: Mutex<SplitMix64>

    init(serverSeed: UInt64) {
        generator = Mutex(SplitMix64(seed: serverSeed))
    }

    /// The seed for the next request.
    func next() -> UInt64 {
        generator.withLock { $0.next() }
    }
}
