import Signet
import SignetTrivia

/// One message the game wants sent, and to whom; the transport around the game sends it.
public struct TriviaDelivery: Sendable, Equatable {
    /// The user to send to.
    public var recipient: String
    /// The message.
    public var message: TriviaServerMessage

    /// A delivery of `message` to `recipient`.
    public init(to recipient: String, _ message: TriviaServerMessage) {
        self.recipient = recipient
        self.message = message
    }
}
