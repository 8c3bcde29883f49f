import FuzzSupport
import SignetWorlds

/// Signet's XML property-list reader on arbitrary bytes, and against Foundation's
/// `PropertyListSerialization` wherever Foundation reads them as XML too (see `PropertyListDifferential`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    PropertyListDifferential.run(fuzzInput(data, size), as: .xml, harness: "xml-plist")
    return 0
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
