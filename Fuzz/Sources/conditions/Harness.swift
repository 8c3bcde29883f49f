import Foundation
import FuzzSupport
import SignetConditions

/// The conditions parser on arbitrary ConditionData. A condition it accepts must evaluate without trouble,
/// print, and survive a round trip: encoded with `JSONEncoder` and parsed again, it is the same condition.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let parser = ConditionParser.standard
    let condition: Condition
    do { condition = try parser.parse(bytes) } catch { return 0 }  // ConditionError
    _ = condition.evaluate(arguments: ["", ""])
    _ = condition.evaluate(arguments: ["Signet", "fuzz 123 ÄÖÜ"])
    _ = condition.description
    let encoded: Data
    do { encoded = try JSONEncoder().encode(condition) } catch {
        disagreement("conditions", "an accepted condition does not encode: \(error)")
    }
    requireRoundTrip("conditions", condition, encoded: encoded, shown: "the encoding \(excerpt(Array(encoded)))") {
        try parser.parse($0)
    }
    return 0
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
