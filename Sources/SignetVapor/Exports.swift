// The framework-neutral pipeline (GameSystemVerification, the stores, GameSystemIdentity, …) comes with this
// adapter, so a Vapor app needs one import.
@_exported import SignetVerification
