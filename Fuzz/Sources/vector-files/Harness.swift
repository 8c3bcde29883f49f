import Foundation
import FuzzSupport
@_spi(Vectors) import SignetConditions
@_spi(Vectors) import SignetCrypto
@_spi(Vectors) import SignetGameSystem

/// Vector files as `signet vectors check` reads them: the `scheme` field picks the runner (crypto, GameSystem
/// or conditions). A runner may refuse a file only with `VectorFileError`, `ConditionVectorFileError` or
/// `CryptoError`; any other error type is a finding. Failing vectors are normal (the expected values are fuzz).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let file = Data(fuzzInput(data, size))
    do {
        let scheme = try VectorJSON.scheme(of: file)
        if CryptoVectors.schemes.contains(scheme) {
            _ = try CryptoVectors.check(scheme: scheme, data: file)
        } else if GameSystemVectors.schemes.contains(scheme) {
            _ = try GameSystemVectors.check(scheme: scheme, data: file)
        } else if scheme == ConditionVectors.scheme {
            _ = try ConditionVectors.check(data: file)
        }
    } catch is VectorFileError {
    } catch is ConditionVectorFileError {
    } catch is CryptoError {
    } catch {
        unexpectedError("vector-files", error)
    }
    return 0
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
