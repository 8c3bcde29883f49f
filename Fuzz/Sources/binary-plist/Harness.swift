import FuzzSupport
import SignetWorlds

/// Signet's binary property-list reader on arbitrary bytes, and against Foundation's
/// `PropertyListSerialization` wherever Foundation reads them as binary too (see `PropertyListDifferential`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    PropertyListDifferential.run(fuzzInput(data, size), as: .binary, harness: "binary-plist")
    return 0
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
