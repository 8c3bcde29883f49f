import Signet
import SignetTrivia

/// Ranks users by score for the `finish` message.
enum TriviaStandings {
    /// Highest score first, ties by user name; equal scores share a rank and the next rank skips.
    static func rank(_ participants: [TriviaParticipant]) -> [TriviaStanding] {
        let ordered = participants.sorted { ($0.score, $1.user) > ($1.score, $0.user) }
        return ordered.map { participant in
            let better = participants.count { $0.score > participant.score }
            return TriviaStanding(user: participant.user, score: participant.score, role: participant.role,
                                  rank: better + 1, left: !participant.connected)
        }
    }
}
