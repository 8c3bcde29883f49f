// The framework-neutral pipeline (GameSystemVerification, the stores, GameSystemIdentity, …) comes with this
// middleware, so an OpenAPI server needs one import.
@_exported import SignetVerification
