import Foundation
import FuzzSupport
@_spi(Fuzzing) import Signet

/// The HTTP date parser (RFC 9110: IMF-fixdate, RFC 850, asctime) on arbitrary header values. A date it
/// accepts is a whole second; formatted as IMF-fixdate it reads back as the same instant, and that text
/// formats to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    guard let date = HTTPDateParsing.parse(text) else { return 0 }
    let seconds = date.timeIntervalSince1970
    require(seconds.rounded(.down) == seconds, "http-date", "\(text.debugDescription) parsed to a fraction: \(seconds)")
    let formatted = HTTPDateParsing.format(date)
    require(formatted.utf8.count == 29, "http-date", "\(text.debugDescription) formats as \(formatted.debugDescription)")
    guard let again = HTTPDateParsing.parse(formatted) else {
        disagreement("http-date", "\(text.debugDescription) → \(formatted.debugDescription), which does not parse")
    }
    require(again == date, "http-date", "\(text.debugDescription) → \(date) → \(formatted.debugDescription) → \(again)")
    return 0
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
