import Hummingbird

/// The Lords & Knights worlds route (filled in by the worlds work).
struct WorldsService: ReferenceService {
    func register(on router: Router<ReferenceRequestContext>, environment: ReferenceEnvironment) {}
}
