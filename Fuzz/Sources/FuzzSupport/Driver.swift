import CLibFuzzer
import Foundation

/// The signature libFuzzer calls for each input.
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs libFuzzer with this process's command line on `target` and exits with its status. Each harness's
/// `@main` calls it (see CLibFuzzer for why libFuzzer's own `main` is not used).
public func runLibFuzzer(_ target: FuzzTarget) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, target))
}
