extension Body {
    /// Reads the whole body into memory, refusing bodies larger than `maxBytes`.
    /// - Throws: ``SignetError/Kind/bodyTooLarge(limit:actual:)`` when the body is larger than `maxBytes`,
    ///   or the errors of reading the body.
    public func collect(upTo maxBytes: Int) async throws -> [UInt8] {
        if let length, length > maxBytes {
            throw SignetError(.bodyTooLarge(limit: maxBytes, actual: length))
        }
        switch storage {
        case .bytes(let bytes):
            return bytes
        case .file(let file):
            var result: [UInt8] = []
            result.reserveCapacity(file.length)
            try file.forEachChunk { result.append(contentsOf: $0) }
            return result
        case .stream:
            var result: [UInt8] = []
            for try await chunk in chunks() {
                if result.count + chunk.count > maxBytes {
                    throw SignetError(.bodyTooLarge(limit: maxBytes, actual: nil))
                }
                result.append(contentsOf: chunk)
            }
            return result
        }
    }

    /// Reads at most `maxBytes` from the start of the body; `truncated` tells whether more followed.
    /// Used for error previews, where a large body is no failure.
    func collectPrefix(_ maxBytes: Int) async throws -> (bytes: [UInt8], truncated: Bool) {
        if case .bytes(let bytes) = storage {
            return (Array(bytes.prefix(maxBytes)), bytes.count > maxBytes)
        }
        var result: [UInt8] = []
        for try await chunk in chunks() {
            let room = maxBytes - result.count
            if chunk.count > room {
                result.append(contentsOf: chunk.prefix(room))
                return (result, true)
            }
            result.append(contentsOf: chunk)
        }
        return (result, false)
    }
}
