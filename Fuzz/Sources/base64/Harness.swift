import Foundation
import FuzzSupport
import SignetCrypto

/// Strict base64 against Foundation's `Data(base64Encoded:)`.
///
/// Signet accepts exactly the canonical encodings (padded, no white space, zero trailing bits). So: what
/// Signet accepts, Foundation must decode to the same bytes, and re-encoding must give the input back; and
/// every canonical input Foundation decodes (its decoding re-encodes to the input) Signet must accept with
/// the same bytes. Inputs Foundation reads leniently (non-zero trailing bits, say) are not compared.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    let foundation = Data(base64Encoded: Data(input))
    let signet: [UInt8]
    do {
        signet = try SignetBase64.decode(utf8: input)
    } catch {
        // Base64DecodingError. Refused: Foundation may read it, but then not canonically.
        if let foundation {
            require(Array(SignetBase64.encode(Array(foundation)).utf8) != input, "base64",
                    "canonical input \(excerpt(input)) refused by Signet (\(error)), Foundation decodes it")
        }
        return 0
    }
    require(Array(SignetBase64.encode(signet).utf8) == input, "base64", "accepted \(excerpt(input)) does not re-encode to itself")
    guard let foundation else { disagreement("base64", "Signet decodes \(excerpt(input)), Foundation refuses it") }
    require(Array(foundation) == signet, "base64", "\(excerpt(input)): Signet \(signet), Foundation \(Array(foundation))")
    if let text = String(validating: input, as: UTF8.self) {
        let viaString = try? SignetBase64.decode(text)
        require(viaString == signet, "base64", "decode(String) and decode(utf8:) differ on \(excerpt(input))")
    }
    return 0
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
