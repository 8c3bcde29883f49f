import Foundation
import Hummingbird

/// One protocol's routes on the reference server (GameSystem, and later worlds, puzzles, conditions,
/// trivia): each lives in its own folder and registers its routes here, without touching the others.
///
/// ```swift
/// struct WorldsService: ReferenceService {
///     func register(on router: Router<ReferenceRequestContext>, environment: ReferenceEnvironment) {
///         router.post("XYRALITY/WebObjects/BKLoginServer.woa/wa/worlds") { request, context in … }
///     }
/// }
/// ```
protocol ReferenceService: Sendable {
    /// Adds this service's routes (and their middleware) to `router`.
    func register(on router: Router<ReferenceRequestContext>, environment: ReferenceEnvironment)
}

/// What every service may use: the configuration's clock and window, and the shared signature checks.
struct ReferenceEnvironment: Sendable {
    /// The server's clock.
    let clock: @Sendable () -> Date
    /// The signature window in seconds.
    let window: TimeInterval
    /// The largest body a signed route collects.
    let maxBodyBytes: Int
    /// Verifies GameSystem signatures and refuses replays; shared by every signed route.
    let verification: ReferenceVerification
}
