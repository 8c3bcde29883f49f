import Hummingbird
import NIOCore
import SignetPuzzles

/// The word-search routes, unsigned:
///
/// - `GET /capabilities` → `[{"name", "description", "keyword"}]`: Horizontal, Vertical and Angle,
///   exactly as the original service published them, Vertical with the keyword `horizontal`
///   (`PuzzleCapabilityCatalog.asPublished`), so clients meet the duplicate they must resolve.
///   Angle is left out when `puzzlesOfferAngle` is false.
/// - `POST /puzzle` with `{"width", "height", "words", "minLength", "maxLength", "capabilities"}` →
///   `{"id", "puzzle": [[letter]] (row-major), "words": [{"word", "x1", "y1", "x2", "y2"}]}`, made by
///   `PuzzleGenerator` from the built-in word list. Requests name the distinct keywords
///   `horizontal`, `vertical`, `angle` (what a client resolves the published list to); `angle`
///   only when offered. Each request draws its seed from ``PuzzleSeedSequence``.
///
/// A body that does not decode → 400 naming the JSON path; settings no puzzle can satisfy
/// (out of bounds, an unoffered keyword, words that cannot fit or be placed) → 422 with the reason.
struct PuzzlesService: ReferenceService {
    let configuration: ReferenceServerConfiguration

    /// The largest `POST /puzzle` body read; larger ones get 413.
    static let maxRequestBytes = 64 * 1024

    func register(on router: Router<ReferenceRequestContext>, environment: ReferenceEnvironment) {
        let published = PuzzleCapabilityCatalog.asPublished(includingAngle: configuration.puzzlesOfferAngle)
        let accepted = PuzzleCapabilityCatalog.standardSet(includingAngle: configuration.puzzlesOfferAngle)
        let seeds = PuzzleSeedSequence(serverSeed: configuration.seed)

        router.get("capabilities") { _, _ in
            try JSONResponse.make(published)
        }
        router.post("puzzle") { request, _ in
            let settings = try JSONRequest.decode(PuzzleSettings.self, from: try await Self.body(of: request))
            let generator = PuzzleGenerator(seed: seeds.next(), capabilities: accepted)
            let puzzle: Puzzle
            do {
                puzzle = try generator.generate(settings)
            } catch let error as PuzzleGenerationError {
                return JSONResponse.error(.unprocessableContent, message: error.description)
            }
            return JSONResponse.make(bytes: [UInt8](try PuzzleResponseEncoder.encode(puzzle)), status: .ok)
        }
    }

    /// The request body, at most ``maxRequestBytes``.
    /// - Throws: ``ReferenceAPIError`` 413 for a larger body.
    private static func body(of request: Request) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: maxRequestBytes)
        } catch is NIOTooManyBytesError {
            throw ReferenceAPIError(.contentTooLarge, "request body is larger than \(maxRequestBytes) bytes")
        }
    }
}
