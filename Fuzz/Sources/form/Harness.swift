import FuzzSupport
import SignetWorlds

// FormURLDecoder.swift beside this file is a symlink to the reference server's decoder (Package.swift says why).

/// The form decoder on arbitrary request bodies; a body it accepts, encoded again by the client's
/// `FormURLEncoder`, must decode to the same fields.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let fields: [FormField]
    do { fields = try FormURLDecoder.decode(bytes, maximumByteCount: 1 << 20) } catch { return 0 }  // FormDecodingError
    let encoded = FormURLEncoder.encodeBytes(fields)
    requireRoundTrip("form", fields, encoded: encoded, shown: "the encoder's output \(excerpt(encoded))") {
        try FormURLDecoder.decode($0, maximumByteCount: 4 << 20)
    }
    return 0
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
