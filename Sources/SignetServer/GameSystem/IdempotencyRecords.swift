/// A response kept for replay to a repeated request.
struct StoredResponse: Sendable {
    /// The status code.
    let status: Int
    /// The JSON body.
    let body: [UInt8]
}

/// Who sent a request with an `Idempotency-Key`, and what the request was.
struct IdempotencyClaim: Sendable {
    /// The verified API key: keys are scoped per API key, so two callers cannot collide.
    let apiKey: String
    /// The `Idempotency-Key` value.
    let key: String
    /// Method, path and body MD5: the same key with another request is refused.
    let fingerprint: String
}

/// The first response to each (API key, idempotency key), bounded in count, oldest forgotten first.
struct IdempotencyRecords: Sendable {
    enum Lookup {
        /// First use: process the request, then ``store(_:for:)``.
        case new
        /// A repeat of the same request: answer this stored response.
        case replay(StoredResponse)
        /// The key was used for a different request.
        case conflict
    }

    private struct Record {
        let fingerprint: String
        let response: StoredResponse
    }

    private var records: [String: Record] = [:]
    private var order: [String] = []
    /// The most keys remembered.
    let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    func lookup(_ claim: IdempotencyClaim) -> Lookup {
        guard let record = records[Self.slot(claim)] else { return .new }
        return record.fingerprint == claim.fingerprint ? .replay(record.response) : .conflict
    }

    mutating func store(_ response: StoredResponse, for claim: IdempotencyClaim) {
        let slot = Self.slot(claim)
        if records[slot] == nil { order.append(slot) }
        records[slot] = Record(fingerprint: claim.fingerprint, response: response)
        while order.count > capacity {
            records.removeValue(forKey: order.removeFirst())
        }
    }

    private static func slot(_ claim: IdempotencyClaim) -> String {
        "\(claim.apiKey)\n\(claim.key)"
    }
}
