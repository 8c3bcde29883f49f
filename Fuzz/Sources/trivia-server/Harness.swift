import FuzzSupport
import SignetTrivia

/// The server side of the trivia protocol: client messages on arbitrary bytes. A message it accepts, written
/// again as JSON (`jsonText`), must decode to the same message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let message: TriviaClientMessage
    do { message = try TriviaClientMessage.decode(bytes: bytes) } catch { return 0 }  // TriviaMessageError
    let text = message.jsonText
    requireRoundTrip("trivia-server", message, encoded: text, shown: "the message's JSON \(text.prefix(300).debugDescription)") {
        try TriviaClientMessage.decode($0)
    }
    return 0
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
