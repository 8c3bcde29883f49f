/// The GameSystem JSON as a client reads it, written from DESIGN.md rather than taken from the server.
struct PlayerJSON: Decodable, Sendable {
    struct PointType: Decodable, Sendable {
        let name: String
        let amount: Int
    }
    struct Achievement: Decodable, Sendable {
        let id: Int
        let name: String
        let description: String
        let image_url: String
        let awarded_at: String
    }
    let id: Int
    let nickname: String
    let ext_id: String
    let point_types: [PointType]
    let achievements: [Achievement]
    let avatar: [String: Int]

    var points: Int? { point_types.first { $0.name == "points" }?.amount }
}

struct AvatarComponentJSON: Decodable, Sendable {
    struct Option: Decodable, Sendable {
        let id: Int
        let name: String
    }
    let id: Int
    let name: String
    let options: [Option]
}

struct EventResultJSON: Decodable, Sendable {
    struct RuleResults: Decodable, Sendable {
        let points_awarded: [String: Int]
        let achievements_awarded: [Award]
    }
    struct Award: Decodable, Sendable {
        let achievement_id: Int
        let created_at: String
    }
    let message: String
    let rule_results: RuleResults
}

struct EchoJSON: Decodable, Sendable {
    let method: String
    let path: String
    let headers: [String: String]
    let body_length: Int
    let body_md5: String
    let api_key: String?
}

/// An error body: `{"error_message": …}`, with the reference server's optional `diagnosis`.
struct ErrorBodyJSON: Decodable {
    let error_message: String
    let diagnosis: DiagnosisJSON?
}

/// The `diagnosis` of a refused signature.
struct DiagnosisJSON: Decodable {
    let likely_cause: String
    let string_to_sign: String
    let detail: String
    let clock_offset_seconds: Int?
}
