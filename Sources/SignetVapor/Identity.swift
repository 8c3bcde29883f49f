import Vapor

/// A verified GameSystem identity can be logged in to `req.auth`: read it with
/// `try req.auth.require(GameSystemIdentity.self)`, and guard routes with `GameSystemIdentity.guardMiddleware()`.
extension GameSystemIdentity: Authenticatable {}
