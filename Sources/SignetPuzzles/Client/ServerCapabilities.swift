/// What a puzzle server offers, as `GET /capabilities` listed it and as Signet resolved it.
public struct ServerCapabilities: Sendable, Hashable {
    /// The list exactly as the server published it (keywords possibly repeated).
    public let published: [PuzzleCapability]
    /// The usable capabilities: every keyword once (see `CapabilitySet.resolve`).
    public let offered: CapabilitySet
    /// What resolution changed in the published list (a renamed or dropped duplicate keyword).
    public let warnings: [CapabilityWarning]

    /// Resolves `published` into distinct capabilities and the warnings that produced.
    public init(published: [PuzzleCapability]) {
        self.published = published
        (offered, warnings) = CapabilitySet.resolve(published)
    }
}
