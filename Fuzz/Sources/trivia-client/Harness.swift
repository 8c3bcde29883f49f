import FuzzSupport
import SignetTrivia

/// The client side of the trivia protocol: server messages (WebSocket frames) and the jokers response, on
/// arbitrary bytes. A message it accepts, written again as JSON (`jsonText`), must decode to the same message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    _ = try? TriviaJokersResponse.decode(bytes: bytes)  // typed: TriviaMessageError
    let message: TriviaServerMessage
    do { message = try TriviaServerMessage.decode(bytes: bytes) } catch { return 0 }  // TriviaMessageError
    let text = message.jsonText
    requireRoundTrip("trivia-client", message, encoded: text, shown: "the message's JSON \(text.prefix(300).debugDescription)") {
        try TriviaServerMessage.decode($0)
    }
    return 0
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
