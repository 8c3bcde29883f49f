#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything that can happen to a client: a server message, a user intent, time, the connection.
public enum TriviaClientEvent: Sendable, Equatable {
    /// A message arrived from the server at the given time (by the client's clock).
    case received(TriviaServerMessage, at: Date)
    /// The user picked a choice at the given time.
    case answer(choice: Int, at: Date)
    /// The user accepts the joker offer.
    case useJoker
    /// The user declines the joker offer and watches from now on.
    case declineJoker
    /// The client's timer fired; the question closes if its local deadline is before `at`.
    case deadlinePassed(at: Date)
    /// The WebSocket closed or failed.
    case connectionLost
}
