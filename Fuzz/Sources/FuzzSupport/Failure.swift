/// How a harness reports what it found. libFuzzer treats any crash as a finding and keeps the input, so a
/// real disagreement or an error of a type the decoder does not promise stops the process with a message
/// that names the harness and what differed. Typed errors a decoder documents are the normal outcome of
/// hostile input and are not reported.

/// The input bytes libFuzzer hands to `LLVMFuzzerTestOneInput`.
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Two implementations (or two paths through one) gave different answers for the same input.
public func disagreement(_ harness: String, _ detail: String) -> Never {
    fatalError("fuzz \(harness): DISAGREEMENT: \(detail)")
}

/// A decoder threw something other than the error type it documents.
public func unexpectedError(_ harness: String, _ error: any Error) -> Never {
    fatalError("fuzz \(harness): UNEXPECTED ERROR \(type(of: error)): \(error)")
}

/// Stops with `detail` unless `condition` holds: a property every accepted input must have.
public func require(_ condition: Bool, _ harness: String, _ detail: @autoclosure () -> String) {
    if !condition { disagreement(harness, detail()) }
}

/// Stops unless `encoded`, what the code under test wrote for the `value` it accepted (`shown` in a report),
/// decodes to `value` again: the round trip every encoder and decoder pair must survive.
public func requireRoundTrip<Value: Equatable, Encoded>(
    _ harness: String, _ value: Value, encoded: Encoded, shown: @autoclosure () -> String,
    decode: (Encoded) throws -> Value
) {
    do {
        let again = try decode(encoded)
        require(again == value, harness, "decoded \(value), written and decoded \(again)")
    } catch {
        disagreement(harness, "\(shown()), written for an accepted value, is refused: \(error)")
    }
}

/// The first `limit` bytes of `bytes` as text for a failure message (invalid UTF-8 shown as U+FFFD).
public func excerpt(_ bytes: [UInt8], limit: Int = 200) -> String {
    String(decoding: bytes.prefix(limit), as: UTF8.self).debugDescription
}
