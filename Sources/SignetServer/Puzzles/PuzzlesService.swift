import Hummingbird

/// The word-search routes (filled in by the puzzles work).
struct PuzzlesService: ReferenceService {
    let configuration: ReferenceServerConfiguration

    func register(on router: Router<ReferenceRequestContext>, environment: ReferenceEnvironment) {}
}
