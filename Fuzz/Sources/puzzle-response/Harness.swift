import Foundation
import FuzzSupport
import SignetPuzzles

/// The `/puzzle` response decoder (and the `/capabilities` list decoder) on arbitrary bodies. A puzzle it
/// accepts, written by `PuzzleResponseEncoder` (the documented row-major shape), must decode to the same puzzle.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = Data(fuzzInput(data, size))
    _ = try? CapabilityListDecoder.decode(body)  // typed: PuzzleDecodingError
    let decoded: DecodedPuzzle
    do { decoded = try PuzzleResponseDecoder().decode(body) } catch { return 0 }  // PuzzleDecodingError
    let encoded: Data
    do { encoded = try PuzzleResponseEncoder.encode(decoded.puzzle) } catch {
        disagreement("puzzle-response", "an accepted puzzle does not encode: \(error)")
    }
    requireRoundTrip("puzzle-response", decoded.puzzle, encoded: encoded, shown: "the puzzle's encoding") {
        try PuzzleResponseDecoder().decode($0).puzzle
    }
    return 0
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
