import FuzzSupport
import SignetWorlds

/// Signet's OpenStep text property-list reader on arbitrary bytes, and against Foundation's
/// `PropertyListSerialization` wherever Foundation reads them as OpenStep text too (see `PropertyListDifferential`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    PropertyListDifferential.run(fuzzInput(data, size), as: .openStep, harness: "openstep-plist")
    return 0
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
