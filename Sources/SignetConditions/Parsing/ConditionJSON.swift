import SignetJSON

/// Signet's JSON reader as the conditions module uses it: no hard depth limit (containers past the kept
/// depth are read to the end and checked, so the first fault in document order is reported), strings up to
/// the input size, and faults as ``ConditionError``.
enum ConditionJSON {
    /// Reads one document of at most `maxBytes`, keeping values down to `keptDepth`.
    static func read(
        _ bytes: some Collection<UInt8>, maxBytes: Int, rootPath: JSONPath, keptDepth: Int
    ) throws(ConditionError) -> JSONReader.Output {
        do {
            return try JSONReader.read(
                bytes, limits: JSONLimits(maxBytes: maxBytes, maxDepth: .max, maxStringBytes: maxBytes),
                rootPath: rootPath, keptDepth: keptDepth)
        } catch {
            throw ConditionError(error)
        }
    }
}

extension JSONReader.Output {
    /// Runs `interpret` on the value, refusing anything that was cut off for depth.
    ///
    /// A fault `interpret` finds outside the cut-off part, or a depth fault of its own, is reported as is (it
    /// comes first in document order); a fault inside the cut-off part, or success, becomes
    /// `nestingTooDeep` at the cut.
    func interpreted<Result>(
        tooDeep message: String, _ interpret: (JSONValue) throws(ConditionError) -> Result
    ) throws(ConditionError) -> Result {
        guard let truncation else { return try interpret(value) }
        do {
            _ = try interpret(value)
        } catch {
            if error.kind == .nestingTooDeep || !error.location.hasPrefix(truncation) { throw error }
        }
        throw ConditionError(.nestingTooDeep, at: truncation, message)
    }
}
