import FuzzSupport
import SignetWorlds

/// The worlds decoder on arbitrary response bodies. It reads the `worlds` array while parsing, one world at a
/// time; decoding the whole property-list tree first must give the same answer (the same worlds, the same
/// failures, or an error on both paths).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let streamed: Result<WorldsResponse, WorldsError>
    do { streamed = .success(try WorldsDecoder().decode(bytes, contentType: "text/plain")) } catch { streamed = .failure(error) }

    let whole: Result<WorldsResponse, WorldsError>
    do {
        let tree = try PropertyListReader().read(bytes)
        do { whole = .success(try WorldsDecoder().decode(tree)) } catch { whole = .failure(error) }
    } catch {
        // The tree could not be read: the streaming decoder must have refused the bytes too.
        guard case .failure(.malformedPropertyList) = streamed else {
            disagreement("worlds", "the reader refuses the bytes (\(error)) but the streaming decoder gave \(streamed)")
        }
        return 0
    }
    switch (streamed, whole) {
    case (.success(let lhs), .success(let rhs)):
        require(lhs == rhs, "worlds", "streamed \(lhs) but from the tree \(rhs)")
    case (.failure, .failure):
        break
    default:
        disagreement("worlds", "streamed \(streamed) but from the tree \(whole); input \(excerpt(bytes))")
    }
    return 0
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
